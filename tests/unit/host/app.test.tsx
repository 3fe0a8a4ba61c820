import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../src/app/App';
import { ErrorBoundary } from '../../../src/app/ErrorBoundary';
import { createScreenLoader } from '../../../src/app/loadScreen';
import { createPrefetch, type SourcesEntry } from '../../../src/app/prefetch';
import { PromoApp } from '../../../src/app/PromoApp';
import type { Manifest } from '../../../src/manifest/routes';
import { validateScreenDoc } from '../../../src/app/validateDoc';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import type { AppConfig } from '../../../src/config/types';
import { createHost } from '../../../src/host/createHost';
import { memoryStorage } from '../../../src/host/storage';
import { fakeNetwork, type Answer, type SentRequest } from './fakeNetwork';

const MANIFEST: Manifest = {
  schemaVersion: 1,
  routes: [
    { path: '/', screen: 'home' },
    { path: '/loan/details', screen: 'loan-details' },
    { path: '/bank', screen: 'bank', aliases: ['/bind-bank'] },
    { path: '/testPreview', screen: 'test-preview', flag: 'devPreview' },
  ],
  promo: {
    landing: { templates: { '1': 'promo-landing', '2': 'promo-landing-ph' } },
    download: { param: 'down_id', templates: { '1': 'promo-download' } },
  },
};

const textDoc = (id: string, title: string, text: unknown, extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1,
  id,
  title,
  body: [{ type: 'text', text }],
  ...extra,
});

type DocAnswer = { status: number; body: unknown } | 'offline';

interface Setup {
  path: string;
  docs?: Record<string, unknown>;
  docAnswer?(id: string): DocAnswer | Promise<DocAnswer>;
  answer?(req: SentRequest): Answer | Promise<Answer>;
  table?: Record<string, SourcesEntry>;
  dev?: boolean;
  config?: Partial<AppConfig>;
}

function boot(options: Setup) {
  window.history.replaceState(null, '', options.path);
  const net = fakeNetwork(options.answer);
  const host = createHost({ config: { ...DEFAULT_CONFIG, ...options.config }, fetch: net.fetch });
  const docRequests: string[] = [];
  const loader = createScreenLoader({
    fetch: async (url) => {
      const id = /\/screens\/(.+)\.json$/.exec(url)![1]!;
      docRequests.push(id);
      const answer = options.docAnswer
        ? await options.docAnswer(id)
        : options.docs?.[id]
          ? { status: 200, body: options.docs[id] }
          : { status: 404, body: {} };
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    },
    storage: memoryStorage(),
    validate: validateScreenDoc,
    warn: () => undefined,
  });
  const services = {
    host,
    loader,
    prefetch: createPrefetch(host, options.table ?? {}),
    dev: options.dev ?? false,
  };
  return { services, net, docRequests, host };
}

beforeEach(() => {
  delete (window as { __bridgeLog?: unknown }).__bridgeLog;
  document.title = '';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the route table (rulings 13-14)', () => {
  it('a manifest path shows its screen document, with its title', async () => {
    const { services } = boot({
      path: '/loan/details?orderId=7',
      docs: { 'loan-details': textDoc('loan-details', 'Order Details', 'Loan details here') },
    });
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByText('Loan details here')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Order Details'));
  });

  it('an alias shows the same screen', async () => {
    const { services, docRequests } = boot({
      path: '/bind-bank',
      docs: { bank: textDoc('bank', 'Payment account information', 'Bank form') },
    });
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByText('Bank form')).toBeTruthy();
    expect(docRequests).toEqual(['bank']);
  });

  it('the query reaches the screen as params, aliases filled', async () => {
    const { services } = boot({
      path: '/loan/details?product_id=P-7',
      docs: { 'loan-details': textDoc('loan-details', 'x', { t: 'Product {params.productId}' }) },
    });
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByText('Product P-7')).toBeTruthy();
  });

  it('a flagged route exists only when its config flag is on (ruling 10)', async () => {
    const off = boot({
      path: '/testPreview',
      docs: { 'test-preview': textDoc('test-preview', 'Preview', 'Preview page') },
    });
    const { unmount } = render(<App services={off.services} manifest={MANIFEST} />);
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(off.docRequests).toEqual([]);
    unmount();
    const on = boot({
      path: '/testPreview',
      config: { devPreview: true },
      docs: { 'test-preview': textDoc('test-preview', 'Preview', 'Preview page') },
    });
    render(<App services={on.services} manifest={MANIFEST} />);
    expect(await screen.findByText('Preview page')).toBeTruthy();
  });

  it('an unknown path shows the not-found page with a way back', async () => {
    const { services } = boot({ path: '/no/such/page' });
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
  });

  it('a path in another case or with a trailing slash shows its screen, as the server and the first screen pick it', async () => {
    const { services, docRequests } = boot({
      path: '/Loan/Details/?orderId=7',
      docs: { 'loan-details': textDoc('loan-details', 'Order Details', 'Loan details here') },
    });
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByText('Loan details here')).toBeTruthy();
    expect(docRequests).toEqual(['loan-details']);
  });

  it('the router takes the paths it shows (aliases, /error, flagged routes only when on); others leave the page', async () => {
    const { services, host } = boot({
      path: '/loan/details',
      docs: { 'loan-details': textDoc('loan-details', 'Order Details', 'Details') },
    });
    const routers: (Parameters<typeof host.setRouter>[0] | null)[] = [];
    const setRouter = host.setRouter.bind(host);
    host.setRouter = (router) => {
      routers.push(router);
      setRouter(router);
    };
    render(<App services={services} manifest={MANIFEST} />);
    await screen.findByText('Details');
    const router = routers.at(-1)!;
    expect(['/', '/bank', '/bind-bank', '/BANK/', '/error', '/loan/details'].map(router.handles)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['/testPreview', '/loan', '/bank/x', '/promo/'].map(router.handles)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('/error is the shell error page', async () => {
    const { services } = boot({ path: '/error' });
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
  });

  it('host.navigate changes the route through the router, with the common parameters', async () => {
    const { services, host } = boot({
      path: '/loan/details?sessionId=S1',
      docs: {
        'loan-details': textDoc('loan-details', 'Order Details', 'Details'),
        bank: textDoc('bank', 'Bank', { t: 'Bank for {params.sessionId}' }),
      },
    });
    render(<App services={services} manifest={MANIFEST} />);
    await screen.findByText('Details');
    act(() => host.navigate('/bank', { commonParams: true }));
    expect(await screen.findByText('Bank for S1')).toBeTruthy();
    expect(window.location.pathname).toBe('/bank');
    expect(window.location.search).toBe('?sessionId=S1');
  });
});

describe('never a white screen', () => {
  const broken = { schemaVersion: 1, id: 'loan-details', title: 'x', body: [{ type: 'text' }] };

  it('an invalid document: a friendly error page in production', async () => {
    const { services } = boot({ path: '/loan/details', docs: { 'loan-details': broken } });
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByLabelText('Problems found')).toBeNull();
  });

  it('an invalid document: the validation errors listed in development', async () => {
    const { services } = boot({ path: '/loan/details', docs: { 'loan-details': broken }, dev: true });
    render(<App services={services} manifest={MANIFEST} />);
    const list = await screen.findByLabelText('Problems found');
    expect(list.textContent).toMatch(/\/body\/0/);
  });

  it('no connection: an error page that offers to try again', async () => {
    const { services } = boot({ path: '/loan/details', docAnswer: () => 'offline' });
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByRole('heading', { name: 'No connection' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a screen that throws while rendering shows the error page', () => {
    const Boom = () => {
      throw new Error('render failed');
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary fallback={(e) => <p>Fallback: {e.message}</p>}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fallback: render failed')).toBeTruthy();
    error.mockRestore();
  });
});

describe('the document and its on-load data load in parallel', () => {
  const detailsSources = [
    {
      do: 'call',
      api: 'v3',
      path: '/v3/loan-details/loan-details',
      body: { productId: { $: 'params.productId' }, orderId: { $: 'params.orderId' } },
      into: 'data.d',
    },
  ];
  const detailsDoc = textDoc(
    'loan-details',
    'Order Details',
    { t: 'Status {data.d.orderStatus}' },
    { params: ['orderId', 'productId'], sources: detailsSources },
  );

  it('the on-load call starts before the document arrives, and is sent once', async () => {
    let releaseDoc!: () => void;
    const docGate = new Promise<void>((resolve) => (releaseDoc = resolve));
    const { services, net } = boot({
      path: '/loan/details?orderId=O-1&product_id=P-1&sessionId=S1&building=B',
      docAnswer: async () => {
        await docGate;
        return { status: 200, body: detailsDoc };
      },
      answer: () => ({ body: { success: true, message: '', data: { orderStatus: 174 } } }),
      table: { 'loan-details': { sources: detailsSources } },
    });
    render(<App services={services} manifest={MANIFEST} />);
    await waitFor(() => expect(net.sent).toHaveLength(1));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    releaseDoc();
    expect(await screen.findByText('Status 174')).toBeTruthy();
    expect(net.sent).toHaveLength(1);
    const req = net.sent[0]!;
    expect(JSON.parse(String(req.data))).toEqual({ productId: 'P-1', orderId: 'O-1' });
    expect(new URL(req.url, 'http://x').searchParams.get('sessionId')).toBe('S1');
    expect(req.headers.building).toBe('B');
  });

  it('a stale table costs one unused read; the screen still gets its own call', async () => {
    const { services, net } = boot({
      path: '/loan/details?orderId=O-1&productId=P-1',
      docs: { 'loan-details': detailsDoc },
      answer: () => ({ body: { success: true, message: '', data: { orderStatus: 21 } } }),
      table: { 'loan-details': { sources: [{ do: 'call', api: 'v3', path: '/v3/old-path' }] } },
    });
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByText('Status 21')).toBeTruthy();
    expect(net.sent.map((r) => new URL(r.url, 'http://x').pathname).sort()).toEqual([
      '/v3/loan-details/loan-details',
      '/v3/old-path',
    ]);
  });
});

describe('the promotion entry (ruling 15)', () => {
  const docs = {
    'promo-landing': textDoc('promo-landing', 'Register', 'Landing template 1'),
    'promo-landing-ph': textDoc('promo-landing-ph', 'Register', 'Landing template 2'),
    'promo-download': textDoc('promo-download', 'Download', 'Download template'),
  };

  // The page name in another case or with a trailing slash is the same page, as the first screen reads it.
  it.each(['/promo/#/landing?id=2&app_from=a&user_from=fb', '/promo/#/Landing/?id=2'])(
    'the id picks the template document (%s)',
    async (path) => {
      const { services } = boot({ path, docs });
      render(<PromoApp services={services} manifest={MANIFEST} />);
      expect(await screen.findByText('Landing template 2')).toBeTruthy();
    },
  );

  it('the download page reads down_id', async () => {
    const { services } = boot({ path: '/promo/#/download?down_id=1', docs });
    render(<PromoApp services={services} manifest={MANIFEST} />);
    expect(await screen.findByText('Download template')).toBeTruthy();
  });

  it('an unknown id shows a clear not-found page', async () => {
    const { services, docRequests } = boot({ path: '/promo/#/landing?id=99', docs });
    render(<PromoApp services={services} manifest={MANIFEST} />);
    expect(await screen.findByText(/This promotion is not available/)).toBeTruthy();
    expect(docRequests).toEqual([]);
  });

  it('an unknown page shows the not-found page, with no document requested', async () => {
    const { services, docRequests } = boot({ path: '/promo/#/elsewhere?id=1', docs });
    render(<PromoApp services={services} manifest={MANIFEST} />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText(/This promotion is not available/)).toBeNull();
    expect(docRequests).toEqual([]);
  });

  it('promotion screens navigate between hash routes', async () => {
    const { services, host } = boot({ path: '/promo/#/landing?id=1', docs });
    render(<PromoApp services={services} manifest={MANIFEST} />);
    await screen.findByText('Landing template 1');
    act(() => host.navigate('/download?down_id=1', {}));
    expect(await screen.findByText('Download template')).toBeTruthy();
    expect(window.location.hash).toBe('#/download?down_id=1');
  });
});

describe('the shell', () => {
  it('with the development flag, a bridge call outside the app shows "bridge: <name>" and lands in __bridgeLog', async () => {
    const { services, host } = boot({ path: '/nowhere', config: { devTools: true } });
    render(<App services={services} manifest={MANIFEST} />);
    await act(() => host.bridge('goHome'));
    expect(screen.getByText('bridge: goHome')).toBeTruthy();
    expect((window as { __bridgeLog?: unknown }).__bridgeLog).toEqual([{ name: 'goHome' }]);
  });

  it('a development build shows the bridge line too', async () => {
    const { services, host } = boot({ path: '/nowhere', dev: true });
    render(<App services={services} manifest={MANIFEST} />);
    await act(() => host.bridge('goRate'));
    expect(screen.getByText('bridge: goRate')).toBeTruthy();
  });

  // Issue 16 item 14: a borrower who opens a page outside the native app sees no development pill.
  it('without the development flag no bridge line shows; the call is still recorded', async () => {
    const { services, host } = boot({ path: '/nowhere' });
    render(<App services={services} manifest={MANIFEST} />);
    await act(() => host.bridge('goHome'));
    expect(screen.queryByText('bridge: goHome')).toBeNull();
    expect(document.querySelector('[data-bridge-line]')).toBeNull();
    expect((window as { __bridgeLog?: unknown }).__bridgeLog).toEqual([{ name: 'goHome' }]);
  });

  it('toasts and the loading toast render in the shell', async () => {
    const { services, host } = boot({ path: '/nowhere', answer: () => ({ fail: 'offline' }) });
    render(<App services={services} manifest={MANIFEST} />);
    const result = await act(() =>
      host.request(
        { api: 'v3', method: 'POST', path: '/v3/x', loading: 'loading...' },
        new AbortController().signal,
      ),
    );
    expect(result).toMatchObject({ ok: false, network: true });
    expect(screen.queryByText('loading...')).toBeNull();
    expect(screen.getByText('Network error, please try again')).toBeTruthy();
  });

  it('the native app drives screens through window.onIosBack and window.onNativeClose', async () => {
    const { services } = boot({
      path: '/loan/details',
      docs: {
        'loan-details': textDoc('loan-details', 'Confirm', 'Confirm page', {
          on: {
            nativeBack: [{ do: 'toast', text: 'Stay with us' }],
            nativeClose: [{ do: 'bridge', name: 'closeWebview' }],
          },
        }),
      },
    });
    render(<App services={services} manifest={MANIFEST} />);
    await screen.findByText('Confirm page');
    const w = window as unknown as { onIosBack(): void; onNativeClose(): void; __bridgeLog?: unknown };
    act(() => w.onIosBack());
    expect(await screen.findByText('Stay with us')).toBeTruthy();
    await act(async () => w.onNativeClose());
    await waitFor(() => expect(w.__bridgeLog).toEqual([{ name: 'closeWebview' }]));
  });

  it('"Go back" on the not-found page goes home when there is no history', async () => {
    const { services } = boot({ path: '/missing', docs: { home: textDoc('home', 'Home', 'Official site') } });
    render(<App services={services} manifest={MANIFEST} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(await screen.findByText('Official site')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });
});
