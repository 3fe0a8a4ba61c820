import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from './schema.js';

/** A query's values by name: one value, or a list (an `in (...)`), whose length is part of the shape. */
export type QueryValues = Record<string, string | number | readonly (string | number)[]>;

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the compiled SQL: the value's name, and its index in a list (-1: not a list). */
  slots: (readonly [string, number])[];
}

/**
 * A query of a fixed shape, built and compiled by Kysely once per database and shape, then run with
 * new values. Kysely builds and compiles on every call, which cost a third of the server's time on
 * loan details, the busiest read (docs/decisions.md, bench/server-load.ts).
 *
 * `build` gets placeholders in place of the values and must pass each, unchanged, where its value
 * goes; a parameter of the compiled SQL that is not a placeholder is refused at the first call, so a
 * value cannot be frozen into the cached query by mistake.
 */
export function preparedQuery<Values extends QueryValues, Row>(
  build: (db: Db, values: Values) => Compilable<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  const cache = new WeakMap<Db, Map<string, Compiled<Row>>>();
  return async (db, values) => {
    const shape = Object.entries(values)
      .map(([name, value]) => (Array.isArray(value) ? `${name}[${value.length}]` : name))
      .join(',');
    let byShape = cache.get(db);
    if (!byShape) cache.set(db, (byShape = new Map()));
    let compiled = byShape.get(shape);
    if (!compiled) byShape.set(shape, (compiled = compile(db, build, values)));
    const parameters = compiled.slots.map(([name, index]) => {
      const value = values[name]!;
      return index < 0 ? value : (value as readonly unknown[])[index];
    });
    const result = await db.executeQuery<Row>({ ...compiled.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

function compile<Values extends QueryValues, Row>(
  db: Db,
  build: (db: Db, values: Values) => Compilable<Row>,
  values: Values,
): Compiled<Row> {
  // Placeholders no real value can equal (PostgreSQL refuses U+0000 in text; so does the server).
  const slotOf = new Map<string, readonly [string, number]>();
  const placeholders: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const mark = (index: number) => {
      const text = `\u0000${name}\u0000${index}`;
      slotOf.set(text, [name, index]);
      return text;
    };
    placeholders[name] = Array.isArray(value) ? value.map((_, i) => mark(i)) : mark(-1);
  }
  const query = build(db, placeholders as Values).compile();
  const slots = query.parameters.map((parameter) => {
    const slot = typeof parameter === 'string' ? slotOf.get(parameter) : undefined;
    if (!slot) throw new Error(`preparedQuery: parameter ${String(parameter)} is not one of the values`);
    return slot;
  });
  return { query, slots };
}
