// Events from the app as a borrower uses it (issue 19): a screen view per visit with the revision
// the server named, the screen's API results, and a document's own tap event, all with no change to
// the documents beyond their `track` action; a tap that tracks and navigates is not held up by a
// tracker that never answers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../src/app/App';
import { createScreenLoader } from '../../../src/app/loadScreen';
import { createPrefetch } from '../../../src/app/prefetch';
import { validateScreenDoc } from '../../../src/app/validateDoc';
import type { Manifest } from '../../../src/manifest/routes';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { createHost } from '../../../src/host/createHost';
import { memoryStorage } from '../../../src/host/storage';
import { fakeNetwork } from './fakeNetwork';

const MANIFEST: Manifest = {
  schemaVersion: 1,
  routes: [
    { path: '/loan/details', screen: 'loan-details' },
    { path: '/bank', screen: 'bank' },
  ],
};

const DOCS: Record<string, unknown> = {
  'loan-details': {
    schemaVersion: 1,
    id: 'loan-details',
    title: 'Order Details',
    sources: [{ do: 'call', api: 'v3', path: '/v3/loan-details/loan-details', into: 'data.order' }],
    body: [
      { type: 'text', text: { t: 'Order {data.order.id}' } },
      {
        type: 'button',
        id: 'bind',
        label: 'Bind a card',
        onTap: [
          { do: 'track', event: 'bind_card_tap', payload: { from: 'details' } },
          { do: 'navigate', to: '/bank' },
        ],
      },
    ],
  },
  bank: { schemaVersion: 1, id: 'bank', title: 'Bank', body: [{ type: 'text', text: 'Bank form' }] },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('events from the app', () => {
  it('screen views with their revision, API results and a tap; the tap navigates at once', async () => {
    window.history.replaceState(null, '', '/loan/details?sessionId=S-1');
    const tracked: { body: string }[] = [];
    const net = fakeNetwork((req) => {
      if (req.url === '/api/events') {
        tracked.push({ body: '' });
        return { hang: true }; // the tracker never answers
      }
      return { body: { success: true, message: '', data: { id: 'ORD-7' } } };
    });
    const host = createHost({ config: DEFAULT_CONFIG, fetch: net.fetch });
    const loader = createScreenLoader({
      fetch: async (url) => {
        const id = /\/screens\/(.+)\.json$/.exec(url)![1]!;
        return new Response(JSON.stringify(DOCS[id]), {
          status: 200,
          headers: { 'X-Screen-Revision': `rev-${id}` },
        });
      },
      storage: memoryStorage(),
      validate: validateScreenDoc,
      warn: () => undefined,
    });
    render(
      <App services={{ host, loader, prefetch: createPrefetch(host, {}), dev: false }} manifest={MANIFEST} />,
    );
    expect(await screen.findByText('Order ORD-7')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Bind a card' }));
    expect(await screen.findByText('Bank form')).toBeTruthy();
    expect(window.location.pathname).toBe('/bank');
    // Nothing has been sent yet (the queue waits a moment): the tap did not wait for the tracker.
    expect(tracked).toHaveLength(0);

    // A moment later the batch leaves.
    await new Promise((r) => setTimeout(r, 2100));
    const sent = net.sent.filter((r) => r.url === '/api/events');
    expect(sent).toHaveLength(1);
    const batch = JSON.parse(await (sent[0]!.data as Blob).text()) as {
      events: { name: string; screen: string; revision?: string; label?: string; props?: object }[];
    };
    expect(batch.events.map((e) => [e.name, e.screen, e.revision, e.label])).toEqual([
      ['screen_view', 'loan-details', 'rev-loan-details', undefined],
      ['api_ok', 'loan-details', 'rev-loan-details', '/v3/loan-details/loan-details'],
      ['bind_card_tap', 'loan-details', 'rev-loan-details', undefined],
      ['screen_view', 'bank', 'rev-bank', undefined],
    ]);
    expect(batch.events[2]!.props).toEqual({ from: 'details' });
    expect(JSON.stringify(batch)).not.toContain('S-1');
  });
});
