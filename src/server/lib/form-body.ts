import type { FastifyInstance } from 'fastify';

/**
 * The shared form client posts application/x-www-form-urlencoded (spec §7.1). Values arrive as
 * strings; route schemas coerce them. A repeated key keeps its last value. POSTs with no body get an
 * empty object so "field is required" is the message, not "body must be object".
 */
export function registerFormBody(app: FastifyInstance): void {
  // Bodies are forms or JSON (docs/api.md); Fastify's built-in text/plain parser would let a plain
  // text body through to routes without a body schema. Unsupported types are a 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => {
      const out: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [key, value] of new URLSearchParams(body as string)) {
        // Keys like __proto__ are plain data here (null-prototype object), never an object path.
        out[key] = value;
      }
      done(null, { ...out });
    },
  );
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
}
