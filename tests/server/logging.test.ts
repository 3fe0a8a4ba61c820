// @vitest-environment node
// The built server's log (ops/logging.ts, ops/redact.ts): JSON lines with a request id that
// follows the request (taken from X-Request-Id when sane, echoed in the reply), and no session
// id, device parameter, cookie, authorization header, password or token anywhere in the output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_KEYS } from '../../src/host/session.js';
import {
  isSensitiveName,
  redactText,
  redactUrl,
  redactValue,
  REDACTED,
} from '../../src/server/ops/redact.js';
import { buildOnce, logLines, startBuilt, type Built } from './process-helpers.js';

describe('redaction', () => {
  it('covers every session and device parameter the app sends', () => {
    for (const name of [...COOKIE_KEYS, 'building', 'gather', 'swift', 'eyes'])
      expect(isSensitiveName(name), name).toBe(true);
    for (const name of ['productId', 'orderId', 'page', 'id'])
      expect(isSensitiveName(name), name).toBe(false);
  });

  it('replaces sensitive values in URLs, cookies, JSON and percent-encoded names', () => {
    expect(redactUrl('/v3/x?productId=P-1&sessionId=abc&sessionI%64=def&deviceId=d1')).toBe(
      `/v3/x?productId=P-1&sessionId=${REDACTED}&sessionI%64=${REDACTED}&deviceId=${REDACTED}`,
    );
    expect(redactText('lender_session=xyz; theme=dark')).toBe(`lender_session=${REDACTED}; theme=dark`);
    expect(redactText('connect to postgres://lender:s3cret@db:5432/lender failed')).toBe(
      `connect to postgres://lender:${REDACTED}@db:5432/lender failed`,
    );
    // A JSON parser's message quoting the body, cut short.
    expect(redactText(`Unexpected token 'o', "{"password":"hunter2", oops" is not valid JSON`)).not.toContain(
      'hunter2',
    );
    expect(
      redactValue({ headers: { authorization: 'Bearer t0k', cookie: 'a=b', accept: 'x' }, n: 1 }),
    ).toEqual({ headers: { authorization: REDACTED, cookie: REDACTED, accept: 'x' }, n: 1 });
  });
});

describe('the request log of the built server', () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildOnce();
  }, 60_000);
  afterAll(() => built?.remove());

  it('writes JSON lines with request ids and nothing secret', async () => {
    const server = await startBuilt(built.entry, { env: { LENDER_LOG: '1' } });
    try {
      const secrets = ['SID-SECRET-1', 'DEV-SECRET-2', 'COOKIE-SECRET-3', 'AUTH-SECRET-4', 'PW-SECRET-5'];
      const doc = await fetch(
        `${server.base}/screens/loan-details.json?sessionId=SID-SECRET-1&deviceId=DEV-SECRET-2&productId=P-1`,
        {
          headers: {
            cookie: 'lender_session=COOKIE-SECRET-3; theme=dark',
            authorization: 'Bearer AUTH-SECRET-4',
            'x-request-id': 'trace-abc-123',
          },
        },
      );
      expect(doc.status).toBe(200);
      expect(doc.headers.get('x-request-id')).toBe('trace-abc-123');

      // A password in a form body, in a JSON body and in a JSON body the parser refuses.
      await fetch(`${server.base}/nepenthes/problem-save?sessionId=SID-SECRET-1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'password=PW-SECRET-5&problemType=2&problemDetail=x',
      });
      await fetch(`${server.base}/v3/loan-details/loan-details?sessionId=SID-SECRET-1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"orderId":"ORD-174-D","password":"PW-SECRET-5"}',
      });
      const broken = await fetch(`${server.base}/v3/loan-details/loan-details?token=PW-SECRET-5`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'bad id <script>' },
        body: '{"password":"PW-SECRET-5", oops',
      });
      expect(broken.status).toBe(400);
      const generated = broken.headers.get('x-request-id') ?? '';
      expect(generated).toMatch(/^[0-9a-f-]{36}$/);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const output = server.stdout() + server.stderr();
      for (const secret of secrets) expect(output, secret).not.toContain(secret);
      const lines = logLines(server.stdout());
      expect(lines.length).toBe(server.stdout().trim().split('\n').length); // every line is JSON
      const completed = lines.filter((l) => l.msg === 'request completed');
      const first = completed.find((l) => l.reqId === 'trace-abc-123');
      expect(first).toMatchObject({
        level: 'info',
        req: {
          method: 'GET',
          url: `/screens/loan-details.json?sessionId=${REDACTED}&deviceId=${REDACTED}&productId=P-1`,
        },
        res: { statusCode: 200 },
      });
      expect(completed.find((l) => l.reqId === generated)).toMatchObject({ res: { statusCode: 400 } });
      expect(typeof first?.time).toBe('string');
    } finally {
      await server.stop();
    }
  }, 60_000);
});
