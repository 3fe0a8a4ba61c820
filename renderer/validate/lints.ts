// Rules a schema cannot say: alt text, accessible labels, safe addresses, no HTML, valid regular
// expressions. Each returns plain-English errors for the document checker.
import { safeUrl } from '../url';
import { inspectExpr, outcomes, type Pattern, type Read } from './exprInfo';
import { kindsOf } from './locate';
import { childPointer } from './pointer';
import type { DocumentParts } from './walk';

type Say = (pointer: string, what: (where: string) => string, keyword: string, warning?: boolean) => void;

/** Blocks a person operates; each needs a name a screen reader can say. */
export const INTERACTIVE_BLOCKS: ReadonlySet<string> = new Set([
  'button',
  'input',
  'picker',
  'textarea',
  'checkbox',
  'stars',
  'select',
  'toggle',
  'slider',
  'imagePicker',
  'countdownButton',
]);
const LABEL_FIELDS = ['label', 'ariaLabel', 'text', 'title'];
const PATTERN_KEYS = new Set(['pattern', 'regex', 'regexp']);

const nonEmpty = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

export function lintAccessibility(parts: DocumentParts, say: Say): void {
  for (const n of parts.nodes) {
    if (n.kind !== 'block') continue;
    const vocab = kindsOf('block', n.type);
    if (vocab?.fields.includes('alt') && !('alt' in n.node))
      say(n.pointer, (w) => `${w} has no 'alt' text (use "" for a purely decorative picture)`, 'alt');
    if (!INTERACTIVE_BLOCKS.has(n.type)) continue;
    const possible = LABEL_FIELDS.filter((f) => !vocab || vocab.fields.includes(f));
    if (possible.length === 0) {
      say(
        n.pointer,
        (w) => `${w} cannot be given an accessible label: its schema has no 'label'`,
        'label',
        true,
      );
    } else if (!possible.some((f) => nonEmpty(n.node[f]))) {
      say(n.pointer, (w) => `${w} has no accessible label: give it a non-empty '${possible[0]}'`, 'label');
    }
  }
}

/** Server strings are text; no block property may be read as HTML. */
export function lintHtml(parts: DocumentParts, say: Say): void {
  for (const n of parts.nodes) {
    for (const key of Object.keys(n.node)) {
      if (/html/i.test(key))
        say(
          childPointer(n.pointer, key),
          (w) => `${w}: '${key}' would be read as HTML; screens show text only, never HTML`,
          'html',
        );
    }
  }
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** Literal addresses must be http(s) or app paths; the engine refuses the rest at run time anyway. */
export function lintUrls(parts: DocumentParts, say: Say): void {
  for (const e of parts.exprs) {
    if (e.fieldKind !== 'url') continue;
    for (const o of outcomes(e.expr, e.pointer)) {
      if (o.value.trim() === '') continue;
      const scheme = SCHEME.exec(o.value)?.[1]?.toLowerCase();
      const bad = o.whole
        ? safeUrl(o.value) === null
        : o.value.startsWith('//') || (scheme !== undefined && scheme !== 'http' && scheme !== 'https');
      if (bad)
        say(
          o.pointer,
          (w) =>
            `${w}: '${e.field}' ${o.whole ? 'is' : 'starts with'} '${o.value}': only http(s) addresses and app paths starting with / are followed`,
          'url',
        );
    }
  }
}

export function lintPatterns(parts: DocumentParts, say: Say): void {
  const patterns: Pattern[] = [];
  const reads: Read[] = [];
  for (const e of parts.exprs) inspectExpr(e.expr, e.pointer, reads, patterns);
  for (const s of parts.strings)
    if (PATTERN_KEYS.has(s.key)) patterns.push({ pattern: s.value, pointer: s.pointer });
  for (const p of patterns) {
    try {
      new RegExp(p.pattern);
    } catch (error) {
      const why = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
      say(p.pointer, (w) => `${w}: '${p.pattern}' is not a valid regular expression (${why})`, 'regex');
    }
  }
}

const PLACEHOLDER_OF = (formats: string) => `\\{[A-Za-z_][A-Za-z0-9_.$-]*\\|(?:${formats})(?::[^}]*)?\\}`;
/** A currency sign, or a {path|currency} placeholder, right before an amount placeholder. */
const SIGN_THEN_AMOUNT = new RegExp(
  `(?:\\p{Sc}|${PLACEHOLDER_OF('currency')})\\s*${PLACEHOLDER_OF('amount|money')}`,
  'u',
);
const ENDS_WITH_SIGN = new RegExp(`(?:\\p{Sc}|${PLACEHOLDER_OF('currency')})\\s*$`, 'u');
const STARTS_WITH_AMOUNT = new RegExp(`^\\s*${PLACEHOLDER_OF('amount|money')}`, 'u');

const asObject = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** A piece of a concat that shows an amount first: {format: [x, amount|money]} or a template. */
function startsWithAmount(part: unknown): boolean {
  const o = asObject(part);
  if (!o) return false;
  if (Array.isArray(o.format)) return o.format[1] === 'amount' || o.format[1] === 'money';
  return typeof o.t === 'string' && STARTS_WITH_AMOUNT.test(o.t);
}

/** A piece of a concat that ends with a currency sign. */
function endsWithSign(part: unknown): boolean {
  if (typeof part === 'string') return ENDS_WITH_SIGN.test(part);
  const o = asObject(part);
  if (!o) return false;
  if (Array.isArray(o.format)) return o.format[1] === 'currency';
  return typeof o.t === 'string' && ENDS_WITH_SIGN.test(o.t);
}

/**
 * The money format owns the currency sign (issue 16 item 5): a sign written before an amount shows
 * twice when the server sends the amount already formatted ("₱535.00", D-06).
 */
export function lintMoney(parts: DocumentParts, say: Say): void {
  const message = (w: string) =>
    `${w} writes a currency sign before an amount: use {path|money} (or the 'money' format), which adds the sign itself and shows a server's preformatted amount as it came, never with two signs`;
  for (const e of parts.exprs) {
    const stack: { value: unknown; pointer: string }[] = [{ value: e.expr, pointer: e.pointer }];
    while (stack.length > 0) {
      const { value, pointer } = stack.pop()!;
      if (!value || typeof value !== 'object') continue;
      if (Array.isArray(value)) {
        value.forEach((v, i) => stack.push({ value: v, pointer: childPointer(pointer, i) }));
        continue;
      }
      const o = value as Record<string, unknown>;
      if (typeof o.t === 'string' && SIGN_THEN_AMOUNT.test(o.t))
        say(childPointer(pointer, 't'), message, 'money');
      if (Array.isArray(o.concat)) {
        const list = o.concat as unknown[];
        list.forEach((part, i) => {
          if (endsWithSign(part) && startsWithAmount(list[i + 1]))
            say(childPointer(childPointer(pointer, 'concat'), i), message, 'money');
        });
      }
      for (const [k, v] of Object.entries(o)) stack.push({ value: v, pointer: childPointer(pointer, k) });
    }
  }
}
