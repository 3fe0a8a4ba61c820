// The source language's own pieces checked against part.schema.json (precompiled: no schema
// compiler in the studio, no eval), with messages in ops' words. What they hold (blocks, values)
// is checked once expanded, by the screen's validators.
import { collapse, type RawError } from '../../renderer/validate/collapse';
import { childPointer } from '../../renderer/validate/pointer';
import { didYouMean } from '../../renderer/validate/suggest';
import type { Problem } from '../../renderer/validate/problem';
import * as generated from './validators.gen.js';

interface Compiled {
  (value: unknown): boolean;
  errors?: RawError[] | null;
}

const v = generated as unknown as Record<
  | 'validatePart'
  | 'validateUseBlock'
  | 'validateUseAction'
  | 'validateChange'
  | 'validateParameters'
  | 'validateVariantOf'
  | 'validateArguments',
  Compiled
>;

// Problems here have pointers relative to the value checked; the caller puts them in place.

const PIECES = {
  part: v.validatePart,
  useBlock: v.validateUseBlock,
  useAction: v.validateUseAction,
  change: v.validateChange,
  parameters: v.validateParameters,
  variantOf: v.validateVariantOf,
  arguments: v.validateArguments,
} as const;

export type Piece = keyof typeof PIECES;

const FIELDS: Record<Piece, string[]> = {
  part: ['$schema', 'schemaVersion', 'part', 'description', 'parameters', 'blocks', 'actions', 'screen'],
  useBlock: ['type', 'part', 'with'],
  useAction: ['do', 'part', 'with'],
  change: ['block', 'replace', 'remove', 'insertBefore', 'insertAfter', 'set'],
  parameters: [],
  variantOf: [],
  arguments: [],
};

/** The fields of which a piece may have only one (its `oneOf`), in the order of FIELDS. */
const ONE_OF: Partial<Record<Piece, string[]>> = {
  part: ['blocks', 'actions', 'screen'],
  change: ['replace', 'remove', 'insertBefore', 'insertAfter', 'set'],
};

const quote = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

function describe(error: RawError, piece: Piece, label: string): Problem {
  const p = error.params;
  const path = error.instancePath;
  const inner = path === '' ? label : `${label}: '${path.slice(1)}'`;
  const at = (message: string, pointer = path): Problem => ({
    pointer,
    message,
    keyword: error.keyword,
    severity: 'error',
  });
  switch (error.keyword) {
    case 'required':
      return at(`${inner} has no '${String(p.missingProperty)}'`);
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const allowed =
        path === ''
          ? FIELDS[piece]
          : path.endsWith('/parameters') || /\/parameters\/[^/]+$/.test(path)
            ? ['type', 'default', 'description']
            : [];
      return at(
        `unexpected field '${name}' in ${inner}${didYouMean(name, allowed)}`,
        childPointer(path, name),
      );
    }
    case 'anyOf-required':
      return at(`${inner} needs exactly one of: ${(p.missing as string[]).map(quote).join(', ')}`);
    case 'oneOf':
      return at(`${inner} may have only one of: ${(ONE_OF[piece] ?? []).map(quote).join(', ')}`);
    case 'type':
      return at(
        `${inner} must be ${String(p.type).replace('string', 'text').replace('array', 'a list').replace('object', 'an object')}`,
      );
    case 'const':
      return at(`${inner} must be ${quote(p.allowedValue)}`);
    case 'enum':
      return at(`${inner} must be one of: ${(p.allowedValues as unknown[]).map(String).join(', ')}`);
    case 'pattern':
      return at(
        piece === 'variantOf'
          ? `${inner} must be a screen id or parts/<name> (lower-case letters, digits and dashes)`
          : `${inner} must be a name of ${/a-z0-9-/.test(String(p.pattern)) ? 'lower-case letters, digits and dashes' : 'letters, digits and _'}, starting with a letter; ${quote(error.propertyName ?? '')} is not`,
      );
    case 'propertyNames':
      return at(
        `${quote(p.propertyName)} is not an allowed name in ${inner}`,
        childPointer(path, String(p.propertyName)),
      );
    case 'minItems':
      return at(`${inner} needs at least ${String(p.limit)} item`);
    case 'maxLength':
      return at(`${inner} must be at most ${String(p.limit)} characters long`);
    default:
      return at(`${inner} is not valid (${error.keyword})`);
  }
}

/** The problems of `value` as the piece of the source language it should be; none when it is. */
export function checkPiece(piece: Piece, value: unknown, label: string): Problem[] {
  const validate = PIECES[piece];
  let ok: boolean;
  try {
    ok = validate(value);
  } catch (error) {
    return [
      {
        pointer: '',
        message: `${label} could not be checked: ${String(error)}`,
        keyword: 'internal',
        severity: 'error',
      },
    ];
  }
  if (ok) return [];
  const raw = [...(validate.errors ?? [])];
  // A name that breaks the pattern is said once, by its propertyNames error.
  const pool = collapse(raw).filter(
    (e) => !(e.keyword === 'pattern' && e.propertyName !== undefined) && e.keyword !== 'not',
  );
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of pool) {
    const d = describe(e, piece, label);
    const key = `${d.pointer} ${d.message}`;
    if (!seen.has(key)) out.push(d);
    seen.add(key);
  }
  return out;
}

const validParts = new WeakMap<object, boolean>();

/**
 * Whether `part` is a valid part, remembered per object: a library parses each document once and
 * nothing changes what it parsed, so a part used many times is checked once.
 */
export function isValidPart(part: Record<string, unknown>): boolean {
  let valid = validParts.get(part);
  if (valid === undefined) validParts.set(part, (valid = checkPiece('part', part, 'the part').length === 0));
  return valid;
}
