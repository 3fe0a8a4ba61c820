// Typed variables: declared with a type and a starting value, read as vars.<name>, written by set
// and bind; a write of the wrong type is refused, reported, and ends the action sequence.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../../../renderer/lang/load';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

beforeAll(async () => {
  await loadLanguage();
});

const variables = {
  count: { type: 'integer', value: 0 },
  amount: { type: 'number', value: 1500.5 },
  name: { type: 'text', value: 'Ana' },
  due: { type: 'date', value: '2025-03-01' },
  agreed: { type: 'boolean', value: false },
  tags: { type: 'list', value: ['new'] },
  filters: { type: 'object', value: { status: 'open' } },
};

const show = (expr: string) => ({ type: 'text', text: { t: expr } });
const tap = (label: string, onTap: unknown[]) => ({ type: 'button', label, allowRepeat: true, onTap });

describe('typed variables', () => {
  it('start with their declared values (a date kept as Manila ISO text)', () => {
    renderScreen(
      screenDoc(
        [
          show(
            '{vars.count}|{vars.amount}|{vars.name}|{vars.due}|{vars.agreed}|{vars.tags.0}|{vars.filters.status}',
          ),
        ],
        {
          variables,
        } as never,
      ),
    );
    expect(screen.getByText('0|1500.5|Ana|2025-03-01T00:00:00+08:00|false|new|open')).toBeTruthy();
  });

  it('take a write of their type, converting numeric text and dates, and redraw what reads them', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc(
        [
          show('{vars.count} {vars.due}'),
          tap('Go', [
            { do: 'set', path: 'vars.count', value: { '+': [{ $: 'vars.count' }, 1] } },
            { do: 'set', path: 'vars.count', value: { '+': [{ $: 'vars.count' }, 1] } },
            { do: 'set', path: 'vars.due', value: 1740792600 },
          ]),
        ],
        { variables } as never,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('2 2025-03-01T09:30:00+08:00')).toBeTruthy();
  });

  it('refuse a write of another type: the value stays, the problem is reported, the sequence stops', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc(
        [
          show('count={vars.count}'),
          tap('Go', [
            { do: 'set', path: 'vars.count', value: 2.5 },
            { do: 'toast', text: 'after' },
          ]),
          tap('Text', [{ do: 'set', path: 'vars.count', value: 'twelve' }]),
          tap('Unknown', [{ do: 'set', path: 'vars.nope', value: 1 }]),
        ],
        { variables } as never,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(screen.getByRole('button', { name: 'Text' }));
    await user.click(screen.getByRole('button', { name: 'Unknown' }));
    expect(screen.getByText('count=0')).toBeTruthy();
    expect(host.log.toasts).toEqual([]);
    expect(host.log.problems.map((p) => [p.code, p.blockPath])).toEqual([
      ['variable-type', '/variables/count'],
      ['variable-type', '/variables/count'],
      ['variable-type', '/variables/nope'],
    ]);
    expect(host.log.problems[0]!.message).toMatch(/integer/);
  });

  it('may be set to null, and lists and objects take writes inside them', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc(
        [
          show('[{vars.name}] {vars.tags.1} {vars.filters.page}'),
          tap('Go', [
            { do: 'set', path: 'vars.name', value: null },
            { do: 'set', path: 'vars.tags.1', value: 'vip' },
            { do: 'set', path: 'vars.filters.page', value: 2 },
          ]),
          tap('Break', [{ do: 'set', path: 'vars.tags.x', value: 'no' }]),
        ],
        { variables } as never,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(screen.getByRole('button', { name: 'Break' }));
    expect(screen.getByText('[] vip 2')).toBeTruthy();
  });

  it('can be bound to an input (text) and read by other blocks as the borrower types', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([{ type: 'input', bind: 'vars.name', label: 'Name' }, show('Hello {vars.name}')], {
        variables,
      } as never),
    );
    const input = screen.getByLabelText('Name');
    await user.clear(input);
    await user.type(input, 'Jo');
    expect(screen.getByText('Hello Jo')).toBeTruthy();
  });

  it('a starting value of the wrong type (a document that skipped the checker) starts null, reported', () => {
    const { host } = renderScreen(
      screenDoc([show('[{vars.n}]')], { variables: { n: { type: 'number', value: 'many' } } } as never),
    );
    expect(screen.getByText('[]')).toBeTruthy();
    expect(host.log.problems.map((p) => p.code)).toEqual(['variable-type']);
  });
});
