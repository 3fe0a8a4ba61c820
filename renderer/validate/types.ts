// The checker's static types: what an expression gives, worked out without evaluating it, from
// literals, declared variables and computed values, and the signatures of functions and core
// operators (vocabulary.functions, from schemas/functions/). 'any' is what the checker cannot
// know (server data, form input); only a type it knows can be wrong. The rules match what the
// engine converts at run time (renderer/expr/functions/typed.ts, renderer/lang/valueTypes.ts).
import { parseDate } from '../expr/functions/manila';
import { asNumber } from '../expr/values';

export type StaticType =
  'text' | 'number' | 'integer' | 'boolean' | 'date' | 'list' | 'object' | 'null' | 'any';

const WORDS: Record<string, string> = {
  text: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  date: 'a date',
  list: 'a list',
  object: 'an object',
  null: 'null',
  any: 'a value',
};

export const typeWords = (type: string): string => WORDS[type] ?? type;

export function literalType(value: unknown): StaticType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'object';
}

/**
 * Whether the expression `expr`, of type `actual`, may be given where `expected` is asked: a
 * function parameter. Mirrors typed.ts: text takes any scalar, a condition takes anything, numeric
 * text written in the document is a number, date text written in it must be a date (text built
 * by an expression is given the benefit of the doubt for a date, not for a number).
 */
export function fitsParam(expected: readonly string[], actual: StaticType, expr: unknown): boolean {
  if (actual === 'any' || expected.includes('any')) return true;
  return expected.some((e) => {
    switch (e) {
      case 'number':
      case 'integer':
        return actual === 'number' || actual === 'integer' || (actual === 'text' && isNumericText(expr));
      case 'text':
        return actual !== 'list' && actual !== 'object';
      case 'boolean':
        return true;
      case 'date':
        return actual === 'date' || actual === 'integer' || (actual === 'text' && mayBeDate(expr));
      case 'list':
        return actual === 'list' || actual === 'null';
      case 'object':
        return actual === 'object' || actual === 'null';
      default:
        return true;
    }
  });
}

/**
 * Whether the expression `expr`, of type `actual`, may be stored in a variable (or computed
 * value) of `type`, as renderer/lang/valueTypes.ts converts. A number that is not written in the
 * document may be whole: only the run time can refuse it for an integer.
 */
export function fitsVariable(type: string, actual: StaticType, expr: unknown): boolean {
  if (actual === 'any' || actual === 'null') return true;
  switch (type) {
    case 'text':
      return actual !== 'list' && actual !== 'object';
    case 'number':
      return actual === 'number' || actual === 'integer' || (actual === 'text' && isNumericText(expr));
    case 'integer':
      return (
        actual === 'integer' ||
        (actual === 'number' && typeof expr !== 'number') ||
        (actual === 'text' && Number.isInteger(asNumber(expr) ?? Number.NaN))
      );
    case 'boolean':
      return actual === 'boolean';
    case 'date':
      return actual === 'date' || actual === 'integer' || (actual === 'text' && mayBeDate(expr));
    default:
      return actual === type;
  }
}

const isNumericText = (expr: unknown) => typeof expr === 'string' && asNumber(expr) !== undefined;
const mayBeDate = (expr: unknown) => typeof expr !== 'string' || parseDate(expr) !== undefined;

/** The narrower of two branch types (if's two outcomes), or any. */
export function unionType(a: StaticType, b: StaticType): StaticType {
  if (a === b) return a;
  if ((a === 'integer' && b === 'number') || (a === 'number' && b === 'integer')) return 'number';
  return 'any';
}
