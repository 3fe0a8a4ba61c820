import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  supportedSchemaVersions,
  validateManifest,
  validateScreenDocument,
} from '../../renderer/validate/validateDocument';
import { checkDocument, checkManifest } from '../../renderer/validate/crossref';
import type { ScreensManifest } from '../../renderer/types.gen';
import type { Problem } from '../../renderer/validate/problem';

// Vitest runs from the repository root (import.meta.url is not a file URL under jsdom).
const ROOT = process.cwd();

const doc = (body: unknown[], extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1,
  id: 'test',
  title: 'Test',
  body,
  ...extra,
});

function errorsOf(value: unknown): Problem[] {
  const result = validateScreenDocument(value);
  if (result.ok) throw new Error('expected the document to be rejected');
  return result.errors;
}

const messages = (errors: Problem[]) => errors.map((e) => `${e.pointer}  ${e.message}`);

describe('validateScreenDocument', () => {
  it('accepts a valid document', () => {
    const result = validateScreenDocument(
      doc(
        [
          { type: 'text', text: { t: 'Hello {params.name}' }, variant: 'title' },
          { type: 'button', label: 'Rate', onTap: [{ do: 'openModal', id: 'rating' }] },
        ],
        { params: ['name'], modals: { rating: { body: [{ type: 'text', text: 'Thanks' }] } } },
      ),
    );
    expect(result).toMatchObject({ ok: true, unknownTypes: [] });
  });

  it('says which block misses a required field', () => {
    const errors = errorsOf(
      doc([{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }, { type: 'button' }]),
    );
    expect(messages(errors)).toEqual(["/body/2  block #3 'button' has no 'label'"]);
  });

  it('suggests the closest block type for an unknown one', () => {
    const errors = errorsOf(doc([{ type: 'buton', label: 'Pay' }, { type: 'text' }]));
    expect(messages(errors)).toContain(
      "/body/0  block #1: unknown block type 'buton' (did you mean 'button'?)",
    );
  });

  it('names a misspelt field, with a suggestion, at the field itself', () => {
    const errors = errorsOf(doc([{ type: 'button', label: 'Pay', lable: 'Pay' }]));
    expect(messages(errors)).toEqual([
      "/body/0/lable  unexpected field 'lable' in block #1 'button' (did you mean 'label'?)",
    ]);
  });

  it('lists the allowed values of an enum', () => {
    const errors = errorsOf(doc([{ type: 'text', text: 'a', variant: 'big' }]));
    expect(messages(errors)).toEqual([
      "/body/0/variant  block #1 'text': 'variant' must be one of: title, subtitle, body, caption, hint",
    ]);
  });

  it('refuses prototype keys in read and write paths', () => {
    const errors = errorsOf(
      doc([
        {
          type: 'button',
          label: { $: 'data.__proto__.polluted' },
          onTap: [{ do: 'set', path: 'ui.constructor.prototype', value: 1 }],
        },
      ]),
    );
    expect(messages(errors)).toEqual([
      "/body/0/label/$  block #1 'button': 'label/$' may not use __proto__, prototype or constructor ('data.__proto__.polluted')",
      "/body/0/onTap/0/path  action #1 'set' in body/0/onTap: 'path' may not use __proto__, prototype or constructor ('ui.constructor.prototype')",
    ]);
  });

  it('refuses a document for a newer app with one clear message', () => {
    expect(supportedSchemaVersions).toEqual([1]);
    expect(messages(errorsOf({ ...doc([{ type: 'hologram' }]), schemaVersion: 2 }))).toEqual([
      '/schemaVersion  this screen needs a newer app (schemaVersion 2; this app renders 1)',
    ]);
  });

  it('accepts a document whose only problems are unknown types, listing them for placeholders', () => {
    const result = validateScreenDocument(
      doc([
        { type: 'hologram', depth: 3 },
        { type: 'button', label: 'Go', onTap: [{ do: 'teleport' }] },
      ]),
    );
    expect(result.ok).toBe(true);
    expect(result.ok && result.unknownTypes.map((u) => [u.pointer, u.kind, u.type])).toEqual([
      ['/body/0', 'block', 'hologram'],
      ['/body/1/onTap/0', 'action', 'teleport'],
    ]);
  });

  it('still rejects a document with unknown types when something else is wrong too', () => {
    const errors = errorsOf(doc([{ type: 'hologram' }, { type: 'text' }]));
    expect(messages(errors)).toEqual([
      "/body/0  block #1: unknown block type 'hologram'",
      "/body/1  block #2 'text' has no 'text'",
    ]);
  });

  it('reports the one useful error of an expression, not every failed branch', () => {
    const errors = errorsOf(doc([{ type: 'text', text: { tt: 'Hi' } }]));
    expect(messages(errors)).toEqual([
      "/body/0/text/tt  block #1 'text': in 'text', unknown operator 'tt' (did you mean 't'?)",
    ]);
  });

  it('names actions by their list and folds a union of plain types into one message', () => {
    const errors = errorsOf(
      doc([{ type: 'text', text: 'x', fallback: 5 }], {
        onLoad: [{ do: 'toast', text: 'hi' }, { do: 'opnModal' }],
      }),
    );
    expect(messages(errors)).toEqual([
      "/body/0/fallback  block #1 'text': 'fallback' must be an object or null",
      "/onLoad/1  action #2 in onLoad: unknown action 'opnModal' (did you mean 'openModal'?)",
    ]);
  });

  it('sorts errors in document order and names modals and timers', () => {
    const errors = errorsOf({
      schemaVersion: 1,
      id: 'test',
      title: 'T',
      timers: { otp: { seconds: 0 } },
      body: [{ type: 'text' }],
      modals: { rating: { body: [], closeOnOutsde: true } },
    });
    expect(messages(errors)).toEqual([
      "/timers/otp/seconds  timer 'otp': 'seconds' must be at least 1",
      "/body/0  block #1 'text' has no 'text'",
      "/modals/rating/closeOnOutsde  unexpected field 'closeOnOutsde' in modal 'rating' (did you mean 'closeOnOutside'?)",
    ]);
  });

  it('never throws on hostile input', () => {
    let deep: unknown = { type: 'text', text: 'x' };
    for (let i = 0; i < 5000; i++) deep = { type: 'column', children: [deep] };
    expect(messages(errorsOf(doc([deep])))).toEqual(['  the screen is nested more than 128 levels deep']);
    expect(messages(errorsOf(null))).toEqual(['  a screen document must be a JSON object ({ ... })']);
    expect(errorsOf([]).length).toBe(1);
    const hostile = JSON.parse(
      '{"schemaVersion":1,"id":"x","title":"x","body":[],"__proto__":{"polluted":1}}',
    );
    expect(messages(errorsOf(hostile))).toEqual(["/__proto__  unexpected field '__proto__' in the screen"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts every example the block and action schemas give', () => {
    const dir = join(ROOT, 'schemas');
    const read = (sub: string) =>
      readdirSync(join(dir, sub))
        .filter((f) => f.endsWith('.schema.json'))
        .map(
          (f) => JSON.parse(readFileSync(join(dir, sub, f), 'utf8')) as { $id: string; examples?: unknown[] },
        );
    const problems: string[] = [];
    for (const schema of read('blocks'))
      for (const example of schema.examples ?? []) {
        const result = validateScreenDocument(doc([example]));
        if (!result.ok || result.unknownTypes.length)
          problems.push(`${schema.$id}: ${JSON.stringify(result)}`);
      }
    for (const schema of read('actions'))
      for (const example of schema.examples ?? []) {
        const result = validateScreenDocument(doc([], { onLoad: [example] }));
        if (!result.ok || result.unknownTypes.length)
          problems.push(`${schema.$id}: ${JSON.stringify(result)}`);
      }
    expect(problems).toEqual([]);
  });
});

describe('validateManifest', () => {
  it('accepts a manifest and explains a bad one', () => {
    expect(validateManifest({ schemaVersion: 1, routes: [{ path: '/a', screen: 'a' }] }).ok).toBe(true);
    const result = validateManifest({ schemaVersion: 1, routes: [{ path: 'a', screen: 'a', scren: 'b' }] });
    expect(result.ok ? [] : messages(result.errors)).toEqual([
      "/routes/0/path  route #1 'a': 'path' does not have the expected form (^/([A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*)?$); 'a' does not",
      "/routes/0/scren  unexpected field 'scren' in route #1 'a' (did you mean 'screen'?)",
    ]);
  });
});

describe('checkDocument (cross-references and lints)', () => {
  const manifest: ScreensManifest = {
    schemaVersion: 1,
    routes: [{ path: '/repay', screen: 'repay' }],
    promo: { landing: { templates: { '3': 'promo' } } },
  };
  const check = (value: Record<string, unknown>) =>
    messages(checkDocument(value, { manifest }).filter((e) => e.severity !== 'warning'));

  it('finds modals, countdowns and routes that do not exist', () => {
    expect(
      check(
        doc(
          [
            {
              type: 'button',
              label: 'Go',
              onTap: [
                { do: 'openModal', id: 'ratng' },
                { do: 'countdown', timer: 'otp', op: 'start' },
                { do: 'navigate', to: { or: [{ $: 'data.h5Url' }, '/repai?x=1'] } },
                { do: 'navigate', to: '/promo/#/landing?id=3' },
                { do: 'navigate', to: '/repay/' },
              ],
            },
            { type: 'text', text: { t: '{timers.sms.remaining}s' } },
          ],
          { modals: { rating: { body: [] } }, timers: { sms: { seconds: 60 } } },
        ),
      ),
    ).toEqual([
      "/body/0/onTap/0/id  action #1 'openModal' in body/0/onTap: there is no modal 'ratng' in this screen's modals (did you mean 'rating'?)",
      "/body/0/onTap/1/timer  action #2 'countdown' in body/0/onTap: there is no countdown 'otp' in this screen's timers",
      "/body/0/onTap/2/to/or/1  action #3 'navigate' in body/0/onTap: 'to' goes to '/repai?x=1', but '/repai' is not a route in the manifest (did you mean '/repay'?)",
    ]);
  });

  it('flags unsafe literal addresses, missing labels and broken regular expressions', () => {
    expect(
      check(
        doc([
          { type: 'image', src: { if: [{ $: 'ui.x' }, 'javascript:alert(1)', '/ok.png'] }, alt: '' },
          { type: 'link', text: 'Terms', href: { t: 'data:text/html,{data.x}' } },
          { type: 'button', label: ' ' },
          { type: 'text', text: { if: [{ matches: [{ $: 'form.phone' }, '^(09'] }, 'ok', 'no'] } },
        ]),
      ),
    ).toEqual([
      "/body/0/src/if/1  block #1 'image': 'src' is 'javascript:alert(1)': only http(s) addresses and app paths starting with / are followed",
      "/body/1/href/t  block #2 'link': 'href' starts with 'data:text/html,': only http(s) addresses and app paths starting with / are followed",
      "/body/2  block #3 'button' has no accessible label: give it a non-empty 'label'",
      "/body/3/text/if/0/matches/1  block #4 'text': '^(09' is not a valid regular expression (/^(09/: Unterminated group)",
    ]);
  });

  // Issue 16 item 5 (D-06): the money format owns the sign, so no document can show it twice.
  it('refuses a currency sign written before an amount, and accepts the money format', () => {
    expect(
      check(
        doc([
          { type: 'text', text: { t: 'Amount due ₱{data.amount|amount}' } },
          { type: 'text', text: { t: '₱ {data.amount|money}' } },
          { type: 'text', text: { concat: ['₱', { format: [{ $: 'data.amount' }, 'amount'] }] } },
          { type: 'text', text: { t: '{data.x|currency}{data.amount|amount}' } },
          { type: 'text', text: { t: 'Amount due {data.amount|money}, fee ₱10.00' } },
          { type: 'text', text: { format: [{ $: 'data.amount' }, 'money'] } },
        ]),
      ),
    ).toEqual([
      "/body/0/text/t  block #1 'text' writes a currency sign before an amount: use {path|money} (or the 'money' format), which adds the sign itself and shows a server's preformatted amount as it came, never with two signs",
      "/body/1/text/t  block #2 'text' writes a currency sign before an amount: use {path|money} (or the 'money' format), which adds the sign itself and shows a server's preformatted amount as it came, never with two signs",
      "/body/2/text/concat/0  block #3 'text' writes a currency sign before an amount: use {path|money} (or the 'money' format), which adds the sign itself and shows a server's preformatted amount as it came, never with two signs",
      "/body/3/text/t  block #4 'text' writes a currency sign before an amount: use {path|money} (or the 'money' format), which adds the sign itself and shows a server's preformatted amount as it came, never with two signs",
    ]);
  });

  it('warns about reads of state nothing writes and of unknown roots, without failing', () => {
    const all = checkDocument(
      doc([
        { type: 'input', bind: 'form.phone', label: 'Phone' },
        { type: 'text', text: { t: '{form.phone} {form.phnoe} {dta.x}' } },
      ]),
    );
    expect(all.every((e) => e.severity === 'warning')).toBe(true);
    expect(all.map((e) => e.message)).toEqual([
      "block #2 'text': reads 'dta.x', but 'dta' is not something a screen can read (did you mean 'data'?)",
      "block #2 'text': reads 'form.phnoe', but nothing in the screen writes 'form.phnoe' (no bind, set or initial state) (did you mean 'form.phone'?)",
    ]);
  });

  it('checks the manifest: duplicate paths and screens that do not exist', () => {
    const errors = checkManifest(
      {
        schemaVersion: 1,
        routes: [
          { path: '/a', screen: 'a' },
          { path: '/b', screen: 'b', aliases: ['/a'] },
        ],
        promo: { landing: { templates: { '1': 'c' } } },
      },
      new Set(['a', 'b']),
    );
    expect(messages(errors)).toEqual([
      "/routes/1/aliases/0  route #2 '/b': the path '/a' is already used by route #1",
      "/promo/landing/templates/1  promo page 'landing': template screen 'c' does not exist (no screens/c.json)",
    ]);
  });
});

describe('npm run screens:check', () => {
  const work = mkdtempSync(join(tmpdir(), 'screens-check-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  function run(fixture: string, extra: Record<string, string> = {}) {
    const dir = join(work, fixture, 'screens');
    cpSync(join(ROOT, 'tests/fixtures', fixture), dir, { recursive: true });
    for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
    const out = spawnSync(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'scripts/screens-check.ts'), 'screens'],
      {
        cwd: join(work, fixture),
        encoding: 'utf8',
      },
    );
    return { status: out.status, output: out.stdout + out.stderr, dir };
  }

  /** file:line:col of the first line of a fixture containing `text`, at that text. */
  function at(dir: string, file: string, text: string): string {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes(text));
    return `screens/${file}:${line + 1}:${lines[line]!.indexOf(text) + 1}`;
  }

  it('prints file:line:col, pointer and message for each problem and exits 1', () => {
    const { status, output, dir } = run('screens-bad', {
      'broken.json': '{\n  "schemaVersion": 1,\n  "id": "broken"\n  "title": "x",\n  "body": [1,]\n}\n',
    });
    expect(status).toBe(1);
    const lines = output.split('\n');
    const expectLine = (line: string) => expect(lines).toContain(line);
    expectLine('screens/broken.json:4:3  -  JSON syntax: missing comma');
    expectLine("screens/broken.json:5:14  -  JSON syntax: trailing comma before ']' is not allowed in JSON");
    expectLine(
      // A block is placed on its "type", where the studio underlines it.
      `${at(dir, 'typo.json', '"type": "buton"')}  /body/0  block #1: unknown block type 'buton' (did you mean 'button'?)`,
    );
    expectLine(
      `${at(dir, 'typo.json', '"lable"')}  /body/1/lable  unexpected field 'lable' in block #2 'button' (did you mean 'label'?)`,
    );
    expectLine(
      `${at(dir, 'refs.json', '"id": "ratng"')}  /body/0/onTap/0/id  action #1 'openModal' in body/0/onTap: there is no modal 'ratng' in this screen's modals (did you mean 'rating'?)`,
    );
    expectLine(
      `${at(dir, 'refs.json', '"timer": "otp"')}  /body/0/onTap/1/timer  action #2 'countdown' in body/0/onTap: there is no countdown 'otp' in this screen's timers`,
    );
    expectLine(
      `${at(dir, 'refs.json', '"to": "/repay')}  /body/0/onTap/2/to  action #3 'navigate' in body/0/onTap: 'to' goes to '/repay?orderId=1', but '/repay' is not a route in the manifest`,
    );
    expectLine(
      `${at(dir, 'wrong-id.json', '"id"')}  /id  the screen's id 'other' does not match its file name (wrong-id.json): make it 'wrong-id'`,
    );
    expectLine(
      `${at(dir, 'manifest.json', '"screen": "nowhere"')}  /routes/2/screen  route #3 '/gone' shows screen 'nowhere', but there is no screens/nowhere.json`,
    );
    expect(output).toMatch(/screens:check: \d+ errors in 5 files/);
  });

  it('exits 0 with a one-line summary on good documents', () => {
    const { status, output } = run('screens-good');
    expect(
      output
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('screens')),
    ).toEqual(['screens:check: the manifest and 2 screen documents are valid.']);
    expect(status).toBe(0);
  });
});
