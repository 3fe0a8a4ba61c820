// The page's window as the server sees it before any phone has run: the address, the cookies and
// the user agent of the request, and nothing else (no bridge, no storage, no history). The lender's
// own Host (src/host/createHost.ts) is built over it, so the server's first draw uses the same
// formats, sessions, clients and envelopes as the phone. What only the phone knows is absent here
// and so drawn as the phone draws it before it looks (docs/decisions.md, issue 26).
import type { Fetch } from '../../host/fetchAdapter';
import type { RequestView } from '../../wire/ssr';

const noop = () => undefined;

export function serverWindow(view: RequestView): Window {
  const url = new URL(view.href);
  let cookie = view.cookie;
  const location = {
    href: url.href,
    origin: url.origin,
    protocol: url.protocol,
    host: url.host,
    hostname: url.hostname,
    pathname: url.pathname,
    search: url.search,
    hash: '',
    assign: noop,
    replace: noop,
    reload: noop,
  };
  const document = {
    get cookie() {
      return cookie;
    },
    // A session cookie the page would write goes nowhere: the phone writes its own.
    set cookie(_value: string) {
      cookie = view.cookie;
    },
    visibilityState: 'visible',
    addEventListener: noop,
    removeEventListener: noop,
    getElementById: () => null,
  };
  const navigator = { userAgent: view.userAgent, maxTouchPoints: 0 };
  const refuse = () => {
    throw new Error('no storage on the server');
  };
  const win = {
    location,
    document,
    navigator,
    history: { length: 1, state: null, back: noop, pushState: noop, replaceState: noop },
    addEventListener: noop,
    removeEventListener: noop,
    alert: noop,
    fetch: (() => Promise.reject(new Error('no network on the server'))) as Fetch,
  };
  Object.defineProperty(win, 'localStorage', { get: refuse });
  Object.defineProperty(win, 'sessionStorage', { get: refuse });
  return win as unknown as Window;
}
