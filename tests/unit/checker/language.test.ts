// The checker on language 1.1: wrong types, unknown variables and functions, circles of computed
// values, each placed at the line and column where ops wrote it (screens:check and the studio
// print these), and what is right is left alone.
import { describe, expect, it } from 'vitest';
import { checkScreenText } from '../../../src/checker/checkText';

/** A document written out one field per line, as ops write them; `{{here}}` is what each test points at. */
const doc = (extra: Record<string, unknown>, body: unknown[] = [{ type: 'text', text: 'Hi' }]) =>
  JSON.stringify({ schemaVersion: 1, id: 'lang', title: 'Lang', ...extra, body }, null, 2);

/** Where `needle` starts in `text`, as 1-based line and column. */
function place(text: string, needle: string, nth = 0) {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`${needle} not in the document`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

const problems = (text: string) => checkScreenText(text).problems.map((p) => ({ ...p, from: 0, to: 0 }));

describe('the checker on variables, computed values and functions', () => {
  it('accepts a correct document without a word', () => {
    const text = doc(
      {
        variables: { count: { type: 'integer', value: 0 }, due: { type: 'date', value: '2025-03-01' } },
        computed: {
          left: { type: 'integer', value: { dateDiff: [{ now: [] }, { $: 'vars.due' }, 'days'] } },
          label: { type: 'text', value: { formatDate: [{ $: 'vars.due' }, 'D MMM'] } },
        },
        triggers: [{ when: { '>=': [{ $: 'vars.count' }, 3] }, then: [{ do: 'toast', text: 'x' }] }],
      },
      [
        { type: 'text', text: { t: '{computed.label} in {computed.left} days' } },
        {
          type: 'button',
          label: 'Add',
          onTap: [{ do: 'set', path: 'vars.count', value: { '+': [{ $: 'vars.count' }, 1] } }],
        },
      ],
    );
    expect(checkScreenText(text).problems).toEqual([]);
  });

  it('a starting value not of the variable type, at its value', () => {
    const text = doc({ variables: { count: { type: 'integer', value: 'zero' } } });
    const [p] = problems(text);
    expect(p).toMatchObject({ severity: 'error', ...place(text, '"value": "zero"') });
    expect(p!.message).toContain("variable 'count' is a whole number");
  });

  it('an unknown variable where it is read, with a suggestion', () => {
    const text = doc({ variables: { count: { type: 'integer', value: 0 } } }, [
      { type: 'text', text: { t: 'You tried {vars.cuont} times' } },
    ]);
    const [p] = problems(text);
    expect(p).toMatchObject({ severity: 'error', ...place(text, '"t": "You tried') });
    expect(p!.message).toMatch(/no 'cuont' in this screen's variables \(did you mean 'count'\?\)/);
  });

  it('an unknown function is a schema error at the call, with a suggestion', () => {
    const text = doc({}, [{ type: 'text', text: { formatDat: [{ now: [] }, 'YYYY'] } }]);
    const [p] = problems(text);
    expect(p).toMatchObject({ severity: 'error', ...place(text, '"formatDat"') });
    expect(p!.message).toContain("did you mean 'formatDate'?");
  });

  it('an argument of the wrong type, at the argument', () => {
    const text = doc({ variables: { name: { type: 'text', value: 'Ana' } } }, [
      { type: 'text', text: { round: [{ $: 'vars.name' }, 2] } },
      { type: 'text', text: { dateAdd: ['31/02/2025', 1, 'days'] } },
    ]);
    const [round, date] = problems(text);
    // The argument is the object {"$": ...}: placed at its opening brace.
    const brace = text.lastIndexOf('{', text.indexOf('"$": "vars.name"'));
    expect(round).toMatchObject({ ...place(text.slice(0, brace) + '@' + text.slice(brace + 1), '@') });
    expect(round!.message).toContain("round takes a number as 'value', but 'vars.name' is text");
    expect(date).toMatchObject({ ...place(text, '"31/02/2025"') });
    expect(date!.message).toContain('does not read as a date');
  });

  it('computed values in a circle, at the read that closes it', () => {
    const text = doc({
      computed: {
        fee: { type: 'number', value: { '*': [{ $: 'computed.total' }, 0.1] } },
        total: { type: 'number', value: { '+': [{ $: 'data.amount' }, { $: 'computed.fee' }] } },
      },
    });
    const cycles = problems(text).filter((p) => p.message.includes('circle'));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ severity: 'error', ...place(text, '"$": "computed.fee"') });
    expect(cycles[0]!.message).toContain('fee → total → fee');
  });

  it('a computed value whose expression gives another type, and a set of the wrong type', () => {
    const text = doc(
      {
        variables: { agreed: { type: 'boolean', value: false } },
        computed: { name: { type: 'number', value: { upper: ['ana'] } } },
      },
      [{ type: 'button', label: 'Go', onTap: [{ do: 'set', path: 'vars.agreed', value: 'yes' }] }],
    );
    const messages = problems(text).map((p) => p.message);
    expect(messages).toEqual([
      expect.stringContaining("computed 'name' is a number, but its expression gives text"),
      expect.stringContaining('variable \'agreed\' is true or false, but this writes "yes"'),
    ]);
  });

  it('a block that needs a newer engine: a warning, and what is unknown inside is only a warning', () => {
    const text = doc({}, [
      {
        type: 'text',
        text: 'new',
        sparkle: true,
        requires: { engine: '9.0' },
        fallback: { type: 'text', text: 'old' },
      },
    ]);
    const result = checkScreenText(text);
    expect(result.errors).toBe(0);
    expect(result.problems.map((p) => p.severity)).toEqual(['warning', 'warning']);
    const messages = result.problems.map((p) => p.message).join('\n');
    expect(messages).toMatch(/needs engine 9\.0/);
    expect(messages).toMatch(/unexpected field 'sparkle'/);
  });
});
