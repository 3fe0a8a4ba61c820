// Turns the validator's errors into plain English for ops: one message per real problem, named
// by its place in the document ("block #3 'button' has no 'label'"), most specific first, in the
// order of the file. AJV reports every failed branch of a union; we keep the branch that fits.
import { collapse, isExpressionUnion, type RawError } from './collapse';
import { locate, kindsOf, nodeLabel, type Place, type Subject } from './locate';
import { childPointer, compareOrder, documentOrder, splitPointer, valueAt } from './pointer';
import { didYouMean } from './suggest';
import { vocabulary } from './vocabulary.gen';

import type { Problem } from './problem';

export type { RawError } from './collapse';

/** An unknown block type or action (a document written for a newer app, or a typo). */
export interface UnknownType {
  pointer: string;
  kind: 'block' | 'action';
  type: string;
  message: string;
}

const FORBIDDEN = /(^|\.)(__proto__|prototype|constructor)(\.|$)/;

const PATTERNS: Record<string, string> = {
  '^(form|ui|data|local)(\\.[A-Za-z0-9_$-]+)+$':
    'must be a state path: form.*, ui.*, data.* or local.* (for example form.phone)',
  '^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z0-9_$-]+)*$': 'must be a dotted path such as data.orderStatus',
  '^[A-Za-z][A-Za-z0-9_-]*$': 'must be a name of letters, digits, _ and -, starting with a letter',
  '^[a-z][a-z0-9-]*$': 'must be lower-case letters, digits and -, starting with a letter',
  '^[A-Za-z_][A-Za-z0-9_]*$': 'must be a name of letters, digits and _',
  '^/[A-Za-z0-9/_.-]*$': 'must be a path starting with /',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const quote = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));
const orList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

const allFieldNames = (): Set<string> => {
  const names = new Set<string>();
  for (const table of [vocabulary.blocks, vocabulary.actions])
    for (const v of Object.values(table)) v.fields.forEach((f) => names.add(f));
  for (const fields of Object.values(vocabulary.objects)) fields.forEach((f) => names.add(f));
  return names;
};

/** The fields allowed in the object a place points at, when the vocabulary knows them. */
function allowedFields(place: Place, subject: Subject): Iterable<string> {
  const last = place.rest[place.rest.length - 1];
  if (last === 'style') return vocabulary.objects.style ?? [];
  if (place.rest.length === 0) {
    if (place.kind === 'block' || place.kind === 'action')
      return kindsOf(place.kind, place.type)?.fields ?? allFieldNames();
    const object = place.kind === 'root' ? subject : place.kind;
    return vocabulary.objects[object] ?? allFieldNames();
  }
  return allFieldNames();
}

interface Ctx {
  doc: unknown;
  subject: Subject;
  all: RawError[];
}

/** "block #3 'text': 'variant'" — the place, and the field within it when there is one. */
export function subjectOf(place: Place): string {
  return place.rest.length === 0 ? place.label : `${place.label}: '${place.rest.join('/')}'`;
}

function describe(error: RawError, ctx: Ctx): Problem | null {
  const segments = splitPointer(error.instancePath);
  const place = locate(ctx.doc, segments, ctx.subject);
  const value = valueAt(ctx.doc, segments);
  const at = (message: string, pointer = error.instancePath): Problem => ({
    pointer,
    message,
    keyword: error.keyword,
    severity: 'error',
  });
  const p = error.params;
  const who = subjectOf(place);
  switch (error.keyword) {
    case 'required':
      return at(`${who} has no '${String(p.missingProperty)}'`);
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(p.additionalProperty ?? p.unevaluatedProperty);
      const pointer = childPointer(error.instancePath, name);
      if (isExpressionUnion(ctx.all, error.instancePath))
        return at(
          `${inField(place)}unknown operator '${name}'${didYouMean(name, vocabulary.operators)}`,
          pointer,
        );
      const where = place.rest.length === 0 ? place.label : `'${place.rest.join('/')}' of ${place.label}`;
      return at(
        `unexpected field '${name}' in ${where}${didYouMean(name, allowedFields(place, ctx.subject))}`,
        pointer,
      );
    }
    case 'discriminator': {
      const kind = p.tag === 'do' ? 'action' : 'block';
      const label =
        place.kind === kind && place.rest.length === 0
          ? place.bareLabel
          : nodeLabel(kind, undefined, segments, Array.isArray(valueAt(ctx.doc, segments.slice(0, -1))))[1];
      if (p.error === 'mapping') {
        const known = Object.keys(kind === 'block' ? vocabulary.blocks : vocabulary.actions);
        const type = String(p.tagValue);
        const what = kind === 'block' ? 'unknown block type' : 'unknown action';
        return at(`${label}: ${what} '${type}'${didYouMean(type, known)}`);
      }
      return p.tagValue === undefined
        ? at(`${label} has no '${String(p.tag)}'`)
        : at(`${label}: '${String(p.tag)}' must be text`);
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((v) =>
        typeof v === 'string' ? v : JSON.stringify(v),
      );
      const hint = typeof value === 'string' ? didYouMean(value, allowed) : '';
      return at(`${who} must be one of: ${allowed.join(', ')}${hint}`);
    }
    case 'const':
      return at(`${who} must be ${quote(p.allowedValue)}`);
    case 'type': {
      const types = ([] as string[]).concat(p.type as string | string[]);
      return at(`${who} must be ${orList(types.map((t) => TYPE_NAMES[t] ?? t))}`);
    }
    case 'pattern': {
      if (error.propertyName !== undefined) return null; // reported by its propertyNames error
      const rule = PATTERNS[String(p.pattern)] ?? `does not have the expected form (${String(p.pattern)})`;
      return at(`${who} ${rule}; ${quote(value)} does not`);
    }
    case 'propertyNames': {
      const name = String(p.propertyName);
      const rule = ctx.all.find(
        (e) => e.propertyName === name && e.instancePath === error.instancePath && e.keyword === 'pattern',
      );
      const why = rule
        ? `: names ${PATTERNS[String(rule.params.pattern)]?.replace(/^must be /, 'must be ') ?? `must match ${String(rule.params.pattern)}`}`
        : '';
      const list = place.rest.length === 0 ? place.label : `'${place.rest.join('/')}' of ${place.label}`;
      return at(
        `${quote(name)} is not an allowed name in ${list}${why}`,
        childPointer(error.instancePath, name),
      );
    }
    case 'not':
      return at(notMessage(place, who, value));
    case 'minimum':
    case 'exclusiveMinimum':
      return at(
        `${who} must be ${error.keyword === 'minimum' ? 'at least' : 'more than'} ${String(p.limit)}`,
      );
    case 'maximum':
    case 'exclusiveMaximum':
      return at(`${who} must be ${error.keyword === 'maximum' ? 'at most' : 'less than'} ${String(p.limit)}`);
    case 'minItems':
      return at(`${who} needs at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`);
    case 'maxItems':
      return at(`${who} may have at most ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`);
    case 'minLength':
      return p.limit === 1
        ? at(`${who} must not be empty`)
        : at(`${who} must be at least ${String(p.limit)} characters long`);
    case 'maxLength':
      return at(`${who} must be at most ${String(p.limit)} characters long`);
    case 'uniqueItems':
      return at(
        `${who} lists the same value twice (items #${Math.min(Number(p.i), Number(p.j)) + 1} and #${Math.max(Number(p.i), Number(p.j)) + 1})`,
      );
    case 'minProperties':
    case 'maxProperties':
      if (isExpressionUnion(ctx.all, error.instancePath)) {
        const keys = value && typeof value === 'object' ? Object.keys(value) : [];
        const found = keys.length === 0 ? 'none' : keys.map(quote).join(', ');
        return at(`${inField(place)}an expression object has exactly one operator key, not ${found}`);
      }
      return at(`${who} ${error.message ?? 'has the wrong number of fields'}`);
    case 'anyOf':
    case 'oneOf':
      if (!Array.isArray(p.passingSchemas)) return at(`${who} is not in any of its allowed forms`);
      return at(`${who} ${exclusiveMessage(place, value) ?? 'matches more than one of its allowed forms'}`);
    case 'anyOf-required':
      return at(`${who} needs one of: ${(p.missing as string[]).map(quote).join(', ')}`);
    case 'anyOf-type': {
      const expected = (p.expected as string[]).map((e) => TYPE_NAMES[e] ?? quote(JSON.parse(e)));
      return at(`${who} must be ${orList(expected)}`);
    }
    default:
      return at(`${who} ${error.message ?? 'is not valid'}`);
  }
}

/** "block #7 'text': in 'text', " — for problems inside an expression. */
function inField(place: Place): string {
  return place.rest.length === 0 ? `${place.label}: ` : `${place.label}: in '${place.rest.join('/')}', `;
}

function exclusiveMessage(place: Place, value: unknown): string | undefined {
  if (place.rest.length !== 0 || (place.kind !== 'block' && place.kind !== 'action')) return undefined;
  if (!value || typeof value !== 'object') return undefined;
  const group = kindsOf(place.kind, place.type)?.exclusive.find(
    (g) => g.filter((f) => f in value).length > 1,
  );
  return group && `may have only one of ${group.map(quote).join(', ')}`;
}

function notMessage(place: Place, who: string, value: unknown): string {
  if (typeof value === 'string') {
    return FORBIDDEN.test(value)
      ? `${who} may not use __proto__, prototype or constructor (${quote(value)})`
      : `${who} cannot be ${quote(value)}`;
  }
  return `${who} ${exclusiveMessage(place, value) ?? 'has a combination of fields that is not allowed'}`;
}

/** Plain-English errors, one per problem, in document order. */
export function explainErrors(raw: readonly RawError[], doc: unknown, subject: Subject): Problem[] {
  const all = [...raw];
  const ctx: Ctx = { doc, subject, all };
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const error of collapse(all)) {
    const described = describe(error, ctx);
    if (!described) continue;
    const key = `${described.pointer}\u0000${described.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(described);
  }
  if (out.length === 0 && raw.length > 0) {
    const first = raw[0]!;
    const place = locate(doc, splitPointer(first.instancePath), subject);
    return [
      {
        pointer: first.instancePath,
        message: `${subjectOf(place)} is not valid`,
        keyword: first.keyword,
        severity: 'error',
      },
    ];
  }
  return sortByPosition(out, doc);
}

/** Unknown types among explained errors, for the engine's "render what you can" path. */
export function unknownTypesOf(raw: readonly RawError[], errors: readonly Problem[]): UnknownType[] {
  return raw
    .filter((e) => e.keyword === 'discriminator' && e.params.error === 'mapping')
    .map((e) => ({
      pointer: e.instancePath,
      kind: e.params.tag === 'do' ? ('action' as const) : ('block' as const),
      type: String(e.params.tagValue),
      message:
        errors.find((d) => d.pointer === e.instancePath && d.keyword === 'discriminator')?.message ?? '',
    }));
}

/** Errors in the order of the document (then by message, so the output is stable). */
export function sortByPosition(errors: readonly Problem[], doc: unknown): Problem[] {
  return errors
    .map((error) => ({ error, order: documentOrder(doc, splitPointer(error.pointer)) }))
    .sort((a, b) => compareOrder(a.order, b.order) || a.error.message.localeCompare(b.error.message))
    .map((o) => o.error);
}
