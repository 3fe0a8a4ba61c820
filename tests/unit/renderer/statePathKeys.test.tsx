// State paths with {item.field} segments: a form whose fields come from the server binds each
// field under its own key (form.fields.{item.code}), and a call sends them by code.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resolveStatePath, storePath } from '../../../renderer/engine';
import { renderScreen, screenDoc } from '../../fixtures/renderScreen';
import { harness } from './actions/harness';
import { validateScreenDocument as validateScreen } from '../../../renderer/validate/validateDocument';

const frame = (item: unknown) => ({ vars: { item, index: 0 } });

describe('resolveStatePath', () => {
  it('fills {item.field} segments from the list item', () => {
    expect(resolveStatePath('form.fields.{item.code}', frame({ code: 'bankAccount' }))).toBe(
      'form.fields.bankAccount',
    );
    expect(resolveStatePath('ui.{item.n}.open', frame({ n: 3 }))).toBe('ui.3.open');
    expect(resolveStatePath('form.plain', frame({}))).toBe('form.plain');
  });

  it('refuses keys that are missing, not plain, dotted or prototype names', () => {
    for (const code of [undefined, null, '', { a: 1 }, 'a.b', '__proto__', 'constructor', 'x}', Number.NaN])
      expect(resolveStatePath('form.fields.{item.code}', frame({ code }))).toBeNull();
    expect(resolveStatePath('form.fields.{item.code}', { vars: {} })).toBeNull();
    expect(storePath('form.fields.{item.code}', frame({ code: '__proto__' }))).toBe('');
  });

  it('maps local.* with a placeholder to the item’s own state', () => {
    expect(storePath('local.{item.code}', { vars: { item: { code: 'k' } }, localKey: 'L#1' })).toBe(
      'locals.L#1.k',
    );
  });
});

describe('binding under a key from the item', () => {
  const items = [
    { code: 'bankAccount', title: 'Account number' },
    { code: 'branchCode', title: 'Branch code' },
    {
      code: 'channel',
      title: 'Bank',
      note: [
        { name: 'BDO', type: '90006' },
        { name: 'BPI', type: '90010' },
      ],
    },
  ];

  it('inputs and pickers inside a repeat write form.fields.<code>', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc(
        [
          {
            type: 'repeat',
            items: { $: 'data.items' },
            key: 'code',
            children: [
              {
                type: 'switch',
                on: { $: 'item.code' },
                cases: [
                  {
                    in: ['channel'],
                    body: [
                      {
                        type: 'picker',
                        bind: 'form.fields.{item.code}',
                        label: { $: 'item.title' },
                        options: { $: 'item.note' },
                      },
                    ],
                  },
                ],
                default: [
                  {
                    type: 'input',
                    bind: 'form.fields.{item.code}',
                    label: { $: 'item.title' },
                    mask: 'digits',
                  },
                ],
              },
            ],
          },
          { type: 'text', text: { json: { $: 'form.fields' } } },
        ],
        { state: { data: { items }, form: { fields: { branchCode: '0101' } } } },
      ),
    );
    expect((screen.getByLabelText('Branch code') as HTMLInputElement).value).toBe('0101');
    await user.type(screen.getByLabelText('Account number'), '12a3');
    await user.click(screen.getByRole('button', { name: /Bank/ }));
    await user.click(screen.getByRole('option', { name: 'BPI' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('{"branchCode":"0101","bankAccount":"123","channel":"90010"}')).toBeTruthy();
  });

  it('tabs bound under a key select the tab that key holds and write the choice there', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc(
        [
          {
            type: 'repeat',
            items: { $: 'data.items' },
            children: [
              {
                type: 'tabs',
                items: { $: 'item.note' },
                titleKey: 'name',
                valueKey: 'type',
                bind: 'form.fields.{item.code}',
              },
            ],
          },
          { type: 'text', text: { t: 'type={form.fields.cardType}' } },
        ],
        {
          state: {
            data: {
              items: [
                {
                  code: 'cardType',
                  note: [
                    { name: 'Bank', type: '1' },
                    { name: 'Wallet', type: '2' },
                  ],
                },
              ],
            },
            form: { fields: { cardType: '2' } },
          },
        },
      ),
    );
    expect(screen.getByRole('tab', { name: 'Wallet' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Bank' }));
    expect(screen.getByText('type=1')).toBeTruthy();
  });

  it('a key that cannot be used binds nothing: the field shows empty and typing writes nowhere', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc(
        [
          {
            type: 'repeat',
            items: { $: 'data.items' },
            children: [{ type: 'input', bind: 'form.fields.{item.code}', label: 'Field' }],
          },
          { type: 'text', text: { t: '[{form.fields}]' } },
        ],
        { state: { data: { items: [{ code: '__proto__' }] } } },
      ),
    );
    await user.type(screen.getByLabelText('Field'), 'x');
    expect(screen.getByText('[]')).toBeTruthy();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('set with a key from the item', () => {
  it('writes under the item’s key, and reports a key it cannot use', async () => {
    const h = harness();
    await h.run([{ do: 'set', path: 'form.fields.{item.code}', value: 'v' }], frame({ code: 'city' }));
    expect(h.state().form).toEqual({ fields: { city: 'v' } });
    const outcome = await h.run(
      [{ do: 'set', path: 'form.fields.{item.code}', value: 'v' }],
      frame({ code: 'a.b' }),
    );
    expect(outcome).toBe('stop');
    expect(h.host.log.problems.at(-1)).toMatchObject({ code: 'bad-state-path' });
  });
});

describe('call body built from the state', () => {
  it('sends the object an expression body gives (only the picked fields, plus fixed ones)', async () => {
    const { host } = renderScreen(
      screenDoc([], {
        state: {
          form: { fields: { a: '1', b: '2', hidden: '3' } },
          data: { shown: [{ code: 'a' }, { code: 'b' }] },
        },
        onLoad: [
          {
            do: 'call',
            api: 'nepenthes',
            path: '/nepenthes/bind-card',
            body: {
              merge: [
                { pick: [{ $: 'form.fields' }, { $: 'data.shown' }, 'code'] },
                { obj: { product_id: 'P-1' } },
              ],
            },
          },
        ],
      } as never),
    );
    await waitFor(() => expect(host.log.calls).toHaveLength(1));
    expect(host.log.calls[0]!.body).toEqual({ a: '1', b: '2', product_id: 'P-1' });
  });
});

describe('schema', () => {
  const withBind = (bind: string) =>
    validateScreen(
      screenDoc([
        { type: 'repeat', items: { $: 'data.items' }, children: [{ type: 'input', bind, label: 'F' }] },
      ]),
    );
  it('accepts {item.field} segments in a state path and nothing looser', () => {
    expect(withBind('form.fields.{item.code}').ok).toBe(true);
    expect(withBind('local.{row.key}.value').ok).toBe(true);
    for (const bad of [
      'form.fields.{item.code',
      'form.fields.{}',
      'form.{item..code}',
      'form.fields.{1x}',
      'params.{item.code}',
    ])
      expect(withBind(bad).ok).toBe(false);
  });
});
