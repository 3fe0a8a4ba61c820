// x-lazy blocks and actions (renderer/lazy.ts): a screen waits for the blocks its document names
// and then draws whole; a chunk that cannot be loaded ends in the block's fallback and a report,
// never a blank or hung screen; the app starts the downloads beside the document. The chunk
// tables are replaced by loaders this file controls (the real one is exercised end to end).
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../fixtures/renderScreen';
import { createFakeHost } from '../../fixtures/fakeHost';
import { lazyNamesOf } from '../../../renderer/lazy';
import { createPrefetch } from '../../../src/app/prefetch';
import { startFirstScreen } from '../../../src/app/firstScreen';
import type { AppServices } from '../../../src/app/context';

type Loader = () => Promise<{ default: unknown }>;
const tables = vi.hoisted(() => ({
  lazyBlocks: {} as Record<string, Loader>,
  lazyActions: {} as Record<string, Loader>,
}));
vi.mock('../../../renderer/blocks/lazy.gen', () => ({ lazyBlocks: tables.lazyBlocks }));
vi.mock('../../../renderer/actions/lazy.gen', () => ({ lazyActions: tables.lazyActions }));

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('a screen with x-lazy blocks', () => {
  it('waits for them, then draws whole (never a placeholder) and only then runs its sources', async () => {
    const arrival = deferred();
    tables.lazyBlocks.textarea = () =>
      arrival.promise.then(() => import('../../../renderer/blocks/Textarea'));
    const { host } = renderScreen(
      screenDoc(
        [
          { type: 'text', text: 'Tell us what happened' },
          { type: 'textarea', bind: 'form.note', label: 'Problem description' },
        ],
        { sources: [{ do: 'call', api: 'complaint', path: '/nepenthes/problem-init' }] },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Tell us what happened')).toBeNull();
    expect(host.log.calls).toHaveLength(0);

    arrival.release();
    expect(await screen.findByText('Tell us what happened')).toBeTruthy();
    expect(screen.getByLabelText('Problem description')).toBeTruthy();
    expect(document.querySelector('.blk-loading')).toBeNull();
    await waitFor(() => expect(host.log.calls).toHaveLength(1));
  });

  it('a chunk that cannot be loaded: the screen still draws, the block falls back and is reported', async () => {
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    tables.lazyBlocks.checkbox = offline;
    const doc = screenDoc([
      { type: 'text', text: 'Before you apply' },
      {
        type: 'checkbox',
        bind: 'ui.agreed',
        label: 'I agree',
        fallback: { type: 'text', text: 'The agreement cannot be shown right now' },
      },
    ]);
    const { host, unmount } = renderScreen(doc);
    expect(await screen.findByText('Before you apply')).toBeTruthy();
    expect(await screen.findByText('The agreement cannot be shown right now')).toBeTruthy();
    expect(host.log.problems).toContainEqual(
      expect.objectContaining({ code: 'block-failed', message: 'The "checkbox" block could not be loaded' }),
    );
    unmount();

    // Back online: the next screen that needs it loads it again.
    tables.lazyBlocks.checkbox = () => import('../../../renderer/blocks/Checkbox');
    renderScreen(doc);
    expect(await screen.findByRole('checkbox', { name: 'I agree' })).toBeTruthy();
    expect(screen.queryByText('The agreement cannot be shown right now')).toBeNull();
    expect(offline.mock.calls.length).toBeGreaterThan(0);
  });
});

describe('an x-lazy action', () => {
  const locate = {
    do: 'geolocate',
    into: 'ui.position',
    then: [{ do: 'alert', text: { t: 'latitude: {position.latitude}' } }],
  };

  it('a tap before its chunk arrives waits for it, then runs', async () => {
    const arrival = deferred();
    tables.lazyActions.geolocate = () =>
      arrival.promise.then(() => import('../../../renderer/actions/geolocate'));
    const host = createFakeHost();
    renderScreen(screenDoc([{ type: 'button', label: 'Locate me', onTap: [locate] }]), { host });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Locate me' }));
    expect(host.log.alerts).toEqual([]);
    arrival.release();
    await waitFor(() => expect(host.log.alerts).toEqual(['latitude: 14.5995']));
  });

  it('a chunk that cannot be loaded stops the sequence and is reported', async () => {
    tables.lazyActions.validate = () => Promise.reject(new TypeError('Failed to fetch'));
    const host = createFakeHost();
    renderScreen(
      screenDoc([
        {
          type: 'button',
          label: 'Submit',
          onTap: [
            { do: 'validate', rules: [{ value: { $: 'form.name' }, required: true, message: 'Name?' }] },
            { do: 'toast', text: 'sent' },
          ],
        },
      ]),
      { host },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(host.log.problems).toContainEqual(
        expect.objectContaining({
          code: 'action-failed',
          message: 'The "validate" action could not be loaded',
        }),
      ),
    );
    expect(host.log.toasts).toEqual([]);
  });
});

describe('which modules a document needs', () => {
  it('finds them in the body, modals, templates, fallbacks and action branches; nothing else', () => {
    tables.lazyBlocks.picker = () => import('../../../renderer/blocks/Picker');
    tables.lazyBlocks.tabs = () => import('../../../renderer/blocks/Tabs');
    tables.lazyBlocks.codeBox = () => import('../../../renderer/blocks/CodeBox');
    const doc = screenDoc(
      [
        { type: 'text', text: 'x', fallback: { type: 'codeBox', code: 'x' } },
        { type: 'repeat', items: [], template: { type: 'column', children: [{ type: 'tabs', tabs: [] }] } },
        {
          type: 'button',
          label: 'Go',
          onTap: [{ do: 'if', cond: true, then: [{ do: 'openModal', id: 'm' }], else: [locateIn()] }],
        },
      ],
      { modals: { m: { title: 'M', body: [{ type: 'picker', bind: 'form.p', label: 'P', options: [] }] } } },
    );
    const names = lazyNamesOf(doc);
    expect(names.blocks).toEqual(['codeBox', 'picker', 'tabs']);
    expect(names.actions).toEqual(['geolocate']);
  });

  it('a hostile document nested very deep does not overflow the stack', () => {
    let deep: unknown = { type: 'tabs' };
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(lazyNamesOf({ body: deep }).blocks).toEqual(['tabs']);
  });
});

function locateIn() {
  return { do: 'geolocate', into: 'ui.p' };
}

describe('the app starts the downloads beside the document', () => {
  const host = {
    requester: { prefetch: vi.fn(), request: vi.fn() },
    config: {},
    env: {},
    format: () => '',
  };

  it('from the build table, when the document is not here yet (prefetch.ts)', () => {
    const foldList = vi.fn(() => import('../../../renderer/blocks/FoldList'));
    tables.lazyBlocks.foldList = foldList;
    const prefetch = createPrefetch(host as never, { later: { lazy: { blocks: ['foldList'] } } });
    prefetch('later', {});
    expect(foldList).toHaveBeenCalledTimes(1);
  });

  it('from the document itself, when the page carries it (firstScreen.ts)', () => {
    const article = vi.fn(() => import('../../../renderer/blocks/Article'));
    tables.lazyBlocks.article = article;
    const doc = screenDoc([{ type: 'article', sections: [] }]);
    const services = {
      host,
      loader: { peek: () => doc, load: vi.fn(), revalidate: vi.fn() },
      prefetch: vi.fn(),
      dev: false,
    } as unknown as AppServices;
    startFirstScreen(services, 'test', {});
    expect(article).toHaveBeenCalledTimes(1);
    expect(services.prefetch).not.toHaveBeenCalled();
  });
});
