// AJV reports every branch of a union that failed: a wrong expression gives "must be string",
// "must be array" and "must match a schema in anyOf" besides the one error that matters. This
// keeps the most specific errors and folds the rest into one message.

/** An error as the precompiled validators report it (AJV's ErrorObject without the schema). */
export interface RawError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  propertyName?: string;
}

const LITERAL_TYPES = ['string', 'number', 'boolean', 'null'];
const MISMATCH = new Set(['type', 'const', 'enum']);
const OPERATOR_LEVEL = new Set(['additionalProperties', 'minProperties', 'maxProperties']);

const within = (path: string, root: string) => path === root || path.startsWith(root + '/');
const depth = (path: string) => (path === '' ? 0 : path.split('/').length);

/**
 * True when the value at `pointer` was tried as an expression: the expression union's "must be a
 * plain value" branch failed there. Its additionalProperties errors are then unknown operators.
 */
export function isExpressionUnion(all: readonly RawError[], pointer: string): boolean {
  return all.some(
    (e) =>
      e.instancePath === pointer &&
      e.keyword === 'type' &&
      Array.isArray(e.params.type) &&
      LITERAL_TYPES.every((t) => (e.params.type as string[]).includes(t)),
  );
}

export function collapse(all: readonly RawError[]): RawError[] {
  let pool = all.filter((e) => e.keyword !== 'if'); // its `then` errors say what is wrong
  const drop = (gone: readonly RawError[]) => {
    const set = new Set(gone);
    pool = pool.filter((e) => !set.has(e));
  };

  // A missing "type"/"do" is reported once, by the discriminator.
  for (const d of pool.filter((e) => e.keyword === 'discriminator' && e.params.error === 'tag')) {
    drop(
      pool.filter(
        (e) =>
          e.keyword === 'required' &&
          e.instancePath === d.instancePath &&
          e.params.missingProperty === d.params.tag,
      ),
    );
  }

  // An object that is really something else (named fields, a block) was also tried as an
  // expression; when the errors deeper inside explain it, drop "unknown operator" noise.
  for (const pointer of new Set(pool.map((e) => e.instancePath))) {
    if (!isExpressionUnion(all, pointer)) continue;
    const deeper = pool.some((e) => e.instancePath.startsWith(pointer + '/'));
    if (deeper) drop(pool.filter((e) => e.instancePath === pointer && OPERATOR_LEVEL.has(e.keyword)));
    // Two unknown keys say more than "has more than one key".
    const unknown = pool.some((e) => e.instancePath === pointer && e.keyword === 'additionalProperties');
    if (unknown) drop(pool.filter((e) => e.instancePath === pointer && e.keyword === 'maxProperties'));
  }

  const unions = pool
    .filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')
    .sort((a, b) => depth(b.instancePath) - depth(a.instancePath));
  for (const union of unions) {
    if (!pool.includes(union)) continue;
    if (Array.isArray(union.params.passingSchemas)) continue; // oneOf matched twice: say so
    const at = union.instancePath;
    const members = pool.filter((e) => e !== union && within(e.instancePath, at));
    const own = members.filter((e) => e.schemaPath.startsWith(union.schemaPath + '/'));
    if (own.length > 0 && own.every((e) => e.keyword === 'required' && e.instancePath === at)) {
      drop([union, ...own]);
      pool.push({
        instancePath: at,
        schemaPath: union.schemaPath,
        keyword: 'anyOf-required',
        params: { missing: [...new Set(own.map((e) => String(e.params.missingProperty)))] },
      });
      continue;
    }
    const mismatch = members.filter((e) => e.instancePath === at && MISMATCH.has(e.keyword));
    const specific = members.filter(
      (e) => !mismatch.includes(e) && e.keyword !== 'anyOf' && e.keyword !== 'oneOf',
    );
    if (specific.length > 0) {
      drop([union, ...mismatch]);
      continue;
    }
    if (mismatch.length === 0) continue;
    drop([union, ...mismatch]);
    pool.push({
      instancePath: at,
      schemaPath: union.schemaPath,
      keyword: 'anyOf-type',
      params: {
        expected: [
          ...new Set(
            mismatch.flatMap((e) =>
              e.keyword === 'type'
                ? ([] as string[]).concat(e.params.type as string | string[])
                : e.keyword === 'const'
                  ? [JSON.stringify(e.params.allowedValue)]
                  : (e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)),
            ),
          ),
        ],
      },
    });
  }
  return pool;
}
