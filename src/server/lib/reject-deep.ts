import type { FastifyInstance } from 'fastify';

/** Request bodies are flat forms or shallow JSON; this leaves ample room and stops pathological input. */
export const MAX_BODY_DEPTH = 32;

/** Walks without recursion, so the check itself cannot overflow the stack. */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * A JSON body nested thousands deep parses fine but overflows the stack of whatever walks it later
 * (storing it as JSON, renaming variant fields): refuse it up front with a 400 in the family's
 * envelope instead of a 500.
 */
export function registerRejectDeep(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (deeperThan(request.body, MAX_BODY_DEPTH)) {
      throw Object.assign(new Error(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep`), {
        statusCode: 400,
      });
    }
  });
}
