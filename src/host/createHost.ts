// The Host the lender's app hands the engine: the pieces of src/host/ put together.
import type { EmbeddedScreen, Host, KeyValueStorage } from '../../renderer/host';
import { createTrust } from '../config/origins';
import type { AppConfig } from '../config/types';
import { createBridge, type Bridge, type BridgeHostWindow } from './bridge';
import { nativeCapabilities } from './capabilities';
import { copyText } from './clipboard';
import { detectEnv, type AppEnv } from './env';
import { createFormat } from './format';
import { geolocate } from './geolocate';
import { createClients, type Clients, type Fetch } from './http';
import type { HeaderName } from './session';
import { installNativeEvents, type NativeEvents } from './nativeEvents';
import { createNavigator, identityOf, type RouterPort } from './navigate';
import { createRequester, type Requester } from './request';
import { createSession, type Session } from './session';
import { webStorage } from './storage';
import { createTelemetry, type ScreenVersion } from './telemetry';
import { createToaster, type Toaster } from './toast';

export interface AppHost extends Host {
  env: Readonly<AppEnv>;
  session: Session;
  toaster: Toaster;
  bridgeAdapter: Bridge;
  native: NativeEvents;
  requester: Requester;
  /** The router of the page registers itself here (declarative routers live inside React). */
  setRouter(router: RouterPort | null): void;
  /** The app shell shows a screen (once per visit): the screen-view event, and the screen of later events. */
  view(screenId: string, version?: ScreenVersion): void;
  /** The app's screens by address, for iframe blocks that show one in place (src/app/embed.ts). */
  setEmbedder(embed: ((url: string) => Promise<EmbeddedScreen | null>) | null): void;
}

export interface HostOptions {
  config: AppConfig;
  /** A development build: the dev bridge line and track logging. */
  dev?: boolean;
  win?: Window;
  /** Tests replace the network. */
  fetch?: Fetch;
  /**
   * The page's stores, when the window has none to offer: the server's first draw, whose window
   * refuses storage (src/app/ssr/serverWindow.ts), passes memory stores instead of having each
   * probed and refused (an exception each) on every page.
   */
  stores?: Record<'local' | 'session', KeyValueStorage>;
  /**
   * Makes the two HTTP clients; axios's (http.ts) unless given. The server's first draw gives
   * `createDirectClients` (directHttp.ts): the same requests and readings without axios, for about
   * a tenth of a drawn page's CPU. Passed in rather than imported, so the phone's code has none of it.
   */
  clients?: (header: (name: HeaderName) => string, fetch?: Fetch) => Clients;
}

export function createHost({
  config,
  dev = false,
  win = window,
  fetch,
  stores: given,
  clients: makeClients = createClients,
}: HostOptions): AppHost {
  const session = createSession(win.location, win.document);
  const toaster = createToaster();
  const bridgeAdapter = createBridge(win as unknown as BridgeHostWindow);
  const native = installNativeEvents(win);
  const env = Object.freeze(
    detectEnv(win.navigator.userAgent, win as unknown as BridgeHostWindow, win.navigator.maxTouchPoints ?? 0),
  );
  const requester = createRequester({
    clients: makeClients(session.header, fetch),
    commonParams: session.commonParams,
    toast: (text) => toaster.toast(text),
    loading: (text) => toaster.loading(text),
  });
  let router: RouterPort | null = null;
  let embedder: ((url: string) => Promise<EmbeddedScreen | null>) | null = null;
  const navigator = createNavigator({
    location: win.location,
    history: win.history,
    commonParams: session.commonParams,
    router: () => router,
  });
  const telemetry = createTelemetry({
    trackUrl: config.trackUrl,
    reportUrl: config.reportUrl,
    dev,
    sendBeacon:
      typeof win.navigator.sendBeacon === 'function'
        ? (url, data) => win.navigator.sendBeacon(url, data)
        : undefined,
    fetch: fetch ?? ((url, init) => win.fetch(url, init)),
    device: () => session.commonParams().deviceId,
  });
  // The last moment a page is sure to run (mobile browsers may never fire unload).
  win.addEventListener('pagehide', telemetry.hide);
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') telemetry.hide();
  });
  const stores = given ?? {
    local: webStorage(() => win.localStorage),
    session: webStorage(() => win.sessionStorage),
  };

  return {
    session,
    toaster,
    bridgeAdapter,
    native,
    requester,
    setRouter: (next) => {
      router = next;
    },
    setEmbedder: (next) => {
      embedder = next;
    },
    embed: (url) => (embedder ? embedder(url) : Promise.resolve(null)),
    trusts: createTrust(win.location.origin, config),
    identity: () => identityOf(session.commonParams()),
    request: (call, signal) =>
      requester.request(call, signal).then((result) => {
        if (!signal.aborted) telemetry.api(call, result);
        return result;
      }),
    bridge: bridgeAdapter.call,
    navigate: navigator.navigate,
    back: navigator.back,
    toast: toaster.toast,
    loading: toaster.loading,
    storage: (scope) => stores[scope],
    clipboard: (text) => copyText(text, win.navigator, win.document),
    format: createFormat(config),
    track: telemetry.track,
    report: telemetry.report,
    view: telemetry.view,
    onNativeEvent: native.on,
    geolocate: () => geolocate(win.navigator.geolocation),
    alert: (text) => win.alert(text),
    now: () => Date.now(),
    capabilities: Object.freeze(
      nativeCapabilities(win as unknown as BridgeHostWindow, session.commonParams().appVersion),
    ),
    config: Object.freeze({ ...config }),
    env,
  };
}
