// onAppear: actions run when a block first shows on screen (half of it, or half the screen),
// once per page view, once per list item; never for a block that was never on screen.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../../../renderer/lang/load';
import { needsLanguage } from '../../../../renderer/lang/needs';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

/** A stand-in for the browser's IntersectionObserver: tests say what is on screen. */
class FakeObserver {
  static all: FakeObserver[] = [];
  watched = new Set<Element>();
  constructor(private callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.watched.add(el);
  }
  unobserve(el: Element) {
    this.watched.delete(el);
  }
  disconnect() {
    this.watched.clear();
  }
  takeRecords() {
    return [];
  }
  /** Reports `el` as `ratio` visible, `height` px of it on a 600 px screen. */
  static show(el: Element, ratio: number, height = 100) {
    for (const o of FakeObserver.all) {
      if (!o.watched.has(el)) continue;
      const entry = {
        target: el,
        isIntersecting: ratio > 0,
        intersectionRatio: ratio,
        intersectionRect: { width: ratio > 0 ? 300 : 0, height },
        rootBounds: { height: 600 },
      } as unknown as IntersectionObserverEntry;
      o.callback([entry], o as unknown as IntersectionObserver);
    }
  }
}

// Appear events are in the language's lazily loaded part (issue 29): loaded here before the
// screens render, as the app starts it with the first screen that needs it.
beforeAll(async () => {
  await loadLanguage();
});

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const impression = (id: unknown) => [{ do: 'track', event: 'impression', payload: { id } }];

describe('appear events', () => {
  it('are in the language’s lazily loaded part: a document with one needs it, others do not', () => {
    expect(needsLanguage(screenDoc([{ type: 'text', text: 'Offer', onAppear: impression('o') }]))).toBe(true);
    expect(needsLanguage(screenDoc([{ type: 'text', text: 'Offer' }]))).toBe(false);
    expect(needsLanguage(screenDoc([], { state: { data: { onAppear: 'just data' } } }))).toBe(false);
  });

  it('run once, when at least half of the block is on screen', async () => {
    const { host } = renderScreen(
      screenDoc([{ type: 'text', text: 'Offer', onAppear: impression('offer') }]),
    );
    const el = screen.getByText('Offer');
    expect(host.log.tracked).toEqual([]);
    await act(async () => FakeObserver.show(el, 0.3, 30));
    expect(host.log.tracked).toEqual([]);
    await act(async () => FakeObserver.show(el, 0.6, 60));
    await act(async () => FakeObserver.show(el, 0, 0));
    await act(async () => FakeObserver.show(el, 1));
    expect(host.log.tracked).toEqual([{ event: 'impression', payload: { id: 'offer' } }]);
  });

  it('a block taller than the screen appears once it covers half the screen', async () => {
    const { host } = renderScreen(screenDoc([{ type: 'text', text: 'Terms', onAppear: impression('t') }]));
    await act(async () => FakeObserver.show(screen.getByText('Terms'), 0.2, 300));
    expect(host.log.tracked).toHaveLength(1);
  });

  it('a block hidden and shown again in the same page view does not count twice', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc(
        [
          {
            type: 'button',
            label: 'Toggle',
            allowRepeat: true,
            onTap: [{ do: 'set', path: 'ui.open', value: { not: { $: 'ui.open' } } }],
          },
          { type: 'text', text: 'Promo', visible: { $: 'ui.open' }, onAppear: impression('promo') },
        ],
        { state: { ui: { open: true } } },
      ),
    );
    await act(async () => FakeObserver.show(screen.getByText('Promo'), 1));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await act(async () => FakeObserver.show(screen.getByText('Promo'), 1));
    expect(host.log.tracked).toHaveLength(1);
  });

  it('inside a list: once per item, with the item in scope; an item never on screen never counts', async () => {
    const { host } = renderScreen(
      screenDoc(
        [
          {
            type: 'repeat',
            items: { $: 'data.products' },
            key: 'id',
            children: [
              { type: 'text', text: { t: 'Product {item.name}' }, onAppear: impression({ $: 'item.id' }) },
            ],
          },
        ],
        {
          state: {
            data: {
              products: [
                { id: 'p1', name: 'A' },
                { id: 'p2', name: 'B' },
                { id: 'p3', name: 'C' },
              ],
            },
          },
        },
      ),
    );
    await act(async () => FakeObserver.show(screen.getByText('Product A'), 1));
    await act(async () => FakeObserver.show(screen.getByText('Product C'), 1));
    await act(async () => FakeObserver.show(screen.getByText('Product A'), 1));
    expect(host.log.tracked.map((t) => t.payload?.id)).toEqual(['p1', 'p3']);
  });

  it('does not change the layout: no wrapper around the block', () => {
    const { container } = renderScreen(
      screenDoc([{ type: 'row', children: [{ type: 'text', text: 'In a row', onAppear: impression('r') }] }]),
    );
    const row = container.querySelector('.blk-row')!;
    const visible = [...row.children].filter((c) => !(c as HTMLElement).hidden);
    expect(visible.map((c) => c.textContent)).toEqual(['In a row']);
  });

  it('without IntersectionObserver (an old webview) a drawn block counts as shown', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { host } = renderScreen(screenDoc([{ type: 'text', text: 'Old', onAppear: impression('old') }]));
    await act(async () => undefined);
    expect(host.log.tracked).toHaveLength(1);
  });
});
