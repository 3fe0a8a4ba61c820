import type { FastifyInstance } from 'fastify';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((v) => hasNul(v, depth + 1));
}

/**
 * PostgreSQL cannot store U+0000 in text, SQLite would store it: refuse it up front on both so the
 * engines behave the same and the client gets a 400 in its family's envelope, not a 500.
 */
export function registerRejectNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body) || hasNul(request.query)) {
      throw Object.assign(new Error('Text must not contain NUL characters'), { statusCode: 400 });
    }
  });
}
