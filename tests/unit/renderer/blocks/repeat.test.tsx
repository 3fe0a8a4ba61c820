import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const row = { type: 'text', text: { t: '{index}: {item.name}' } };

describe('repeat block', () => {
  it('renders its children once per item, with the item and its index in scope', () => {
    renderScreen(screenDoc([{ type: 'repeat', items: { $: 'params.list' }, children: [row] }]), {
      params: { list: [{ name: 'Gcash' }, { name: 'Paymaya' }] },
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['0: Gcash', '1: Paymaya']);
  });

  it('names the item and index as the document says, and still reads the screen state', () => {
    renderScreen(
      screenDoc([
        {
          type: 'repeat',
          items: { $: 'params.list' },
          as: 'channel',
          indexAs: 'n',
          children: [{ type: 'text', text: { t: '{n} {channel} of {params.owner}' } }],
        },
      ]),
      { params: { list: ['a', 'b'], owner: 'Ana' } },
    );
    expect(screen.getByText('0 a of Ana')).toBeTruthy();
    expect(screen.getByText('1 b of Ana')).toBeTruthy();
  });

  it.each([[[]], [null], ['not a list'], [{ 0: 'x' }], [undefined]])(
    'shows `empty` for %j and does not crash',
    (list) => {
      const { host } = renderScreen(
        screenDoc([
          {
            type: 'repeat',
            items: { $: 'params.list' },
            children: [row],
            empty: [{ type: 'text', text: 'No complaints yet' }],
          },
        ]),
        { params: { list } },
      );
      expect(screen.getByText('No complaints yet')).toBeTruthy();
      expect(screen.queryAllByRole('listitem')).toHaveLength(0);
      expect(host.log.problems).toEqual([]);
    },
  );

  it('renders at most `limit` items, and 200 by default so a 10 000-item list stays cheap', () => {
    const list = Array.from({ length: 10_000 }, (_, i) => ({ name: `p${i}` }));
    renderScreen(
      screenDoc([
        { type: 'repeat', id: 'capped', items: { $: 'params.list' }, limit: 3, children: [row] },
        { type: 'repeat', items: { $: 'params.list' }, children: [row] },
      ]),
      { params: { list } },
    );
    const [capped, all] = screen.getAllByRole('list');
    expect(within(capped!).getAllByRole('listitem')).toHaveLength(3);
    expect(within(all!).getAllByRole('listitem')).toHaveLength(200);
    expect(screen.queryByText('200: p200')).toBeNull();
  });

  it('shows server HTML in items as text', () => {
    const { container } = renderScreen(
      screenDoc([{ type: 'repeat', items: { $: 'params.list' }, children: [row] }]),
      { params: { list: [{ name: '<img src=x onerror=alert(1)>' }] } },
    );
    expect(screen.getByText('0: <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('a failing child loses only itself: the other children and items still show', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { host } = renderScreen(
      screenDoc([
        {
          type: 'repeat',
          items: { $: 'params.list' },
          children: [{ type: 'hologram' }, row],
        },
        { type: 'text', text: 'after the list' },
      ]),
      { params: { list: [{ name: 'a' }, { name: 'b' }] } },
    );
    expect(screen.getByText('0: a')).toBeTruthy();
    expect(screen.getByText('1: b')).toBeTruthy();
    expect(screen.getByText('after the list')).toBeTruthy();
    expect(screen.getAllByRole('note')).toHaveLength(2);
    expect(host.log.problems.map((p) => p.blockPath)).toEqual(['/body/0/children/0', '/body/0/children/0']);
  });

  it('gives each item its own local state, which follows the item (by key) when the list changes', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc(
        [
          {
            type: 'button',
            label: 'Reverse',
            onTap: [{ do: 'call', api: 'v3', path: '/reverse', into: 'data.list' }],
          },
          {
            type: 'repeat',
            items: { $: 'data.list' },
            key: 'id',
            children: [
              {
                type: 'button',
                label: { t: 'Load {item.name}' },
                onTap: [
                  {
                    do: 'call',
                    api: 'v3',
                    path: '/load',
                    body: { id: { $: 'item.id' } },
                    into: 'local.info',
                  },
                ],
              },
              { type: 'text', text: { t: '{item.name}={local.info}' } },
            ],
          },
        ],
        {
          state: {
            data: {
              list: [
                { id: 1, name: 'a' },
                { id: 2, name: 'b' },
              ],
            },
          },
        },
      ),
      {
        respond: (call) =>
          call.path === '/load'
            ? { ok: true, data: `loaded${String(call.body?.id)}` }
            : {
                ok: true,
                data: [
                  { id: 2, name: 'b' },
                  { id: 1, name: 'a' },
                ],
              },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Load b' }));
    expect(await screen.findByText('b=loaded2')).toBeTruthy();
    expect(screen.getByText('a=')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/=/).textContent)).toEqual(['b=loaded2', 'a=']);
    expect(host.log.calls.map((c) => c.path)).toEqual(['/load', '/reverse']);
  });

  it('lays items out as a two-column grid when asked', () => {
    renderScreen(screenDoc([{ type: 'repeat', items: ['x', 'y'], direction: 'grid2', children: [row] }]));
    expect(screen.getByRole('list').className).toContain('blk-list-grid2');
  });
});
