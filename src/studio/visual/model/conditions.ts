// The condition builder's rows (issue 25 item 2): a condition of the engine's operator JSON read
// as rows of field, operator and value joined by and/or, and written back. A part of it that is
// not such a row (a `not`, a nested `or`) is an expression row, kept as it is and edited as an
// expression; so is a whole condition of another shape (one expression row). Pure.
import { isObject } from './isObject';
export const OPERATORS = ['==', '!=', '>', '>=', '<', '<=', 'in'] as const;
export type Operator = (typeof OPERATORS)[number];

export type Row =
  | {
      /** The data path read, as a binding writes it: "data.order.orderStatus", "params.orderId". */
      path: string;
      op: Operator;
      value: unknown;
    }
  | { expr: unknown };

export interface Rows {
  join: 'and' | 'or';
  rows: Row[];
}

const isPlain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

function rowOf(c: unknown): Row {
  if (!isObject(c)) return { expr: c };
  const keys = Object.keys(c);
  const op = keys[0] as Operator;
  const args = c[op];
  if (keys.length !== 1 || !OPERATORS.includes(op) || !Array.isArray(args) || args.length !== 2)
    return { expr: c };
  const [left, right] = args as [unknown, unknown];
  if (!isObject(left) || Object.keys(left).length !== 1 || typeof left.$ !== 'string') return { expr: c };
  if (op === 'in' ? !Array.isArray(right) || !right.every(isPlain) : !isPlain(right)) return { expr: c };
  return { path: left.$, op, value: right };
}

/** The rows of a condition. An unset condition is no rows. */
export function rowsOf(condition: unknown): Rows {
  if (condition === undefined) return { join: 'and', rows: [] };
  if (isObject(condition) && Object.keys(condition).length === 1) {
    const join = 'and' in condition ? 'and' : 'or' in condition ? 'or' : null;
    const list = join ? condition[join] : null;
    if (join && Array.isArray(list) && list.length > 0) return { join, rows: list.map(rowOf) };
  }
  return { join: 'and', rows: [rowOf(condition)] };
}

const itemOf = (r: Row) => ('expr' in r ? r.expr : { [r.op]: [{ $: r.path }, r.value] });

/** The operator JSON of rows; undefined for none. */
export function conditionOf({ join, rows }: Rows): unknown {
  if (rows.length === 0) return undefined;
  if (rows.length === 1) return itemOf(rows[0]!);
  return { [join]: rows.map(itemOf) };
}

/** A value typed in a row: a number, true/false or null as such, a list after 'in', else text. */
export function valueOfText(text: string, op: Operator): unknown {
  if (op === 'in') return text.split(',').map((t) => valueOfText(t.trim(), '=='));
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  return text;
}

export const textOfValue = (value: unknown): string =>
  Array.isArray(value) ? value.map(textOfValue).join(', ') : value === null ? 'null' : String(value ?? '');
