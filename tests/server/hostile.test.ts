// @vitest-environment node
// A hostile client against the reference server (issue 10): every API route (read from the
// server's own route table, so new routes are covered) gets malformed, oversized and wrongly
// typed bodies and SQL metacharacters in every string field; uploads and screen ids get path
// traversal; complaint saves, pay submits and SMS sends come in floods and races. The server
// answers in the family's envelope, never a 500, stores hostile text as plain text, stores
// every complaint once, charges once and rate-limits SMS.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyOfPath } from '../../src/server/lib/envelope.js';
import { SMS_LIMITS } from '../../src/server/plugins/registration.js';
import {
  PNG_1PX,
  backends,
  get,
  multipart,
  post,
  postForm,
  startServer,
  type Reply,
  type TestServer,
} from './helpers.js';
import { editor } from './studio-helpers.js';

const API = /^\/(nepenthes|v3|ndustan|service|gopia|api)\//;

interface Route {
  method: 'GET' | 'POST';
  url: string;
  fields: Record<string, { type?: unknown }>;
  required: string[];
}

/** The API routes of the running server, with the fields their schema declares. */
function apiRoutes(app: FastifyInstance): Route[] {
  return app.routeTable.flatMap((r) => {
    if (!API.test(r.url)) return [];
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter(
      (m): m is 'GET' | 'POST' => m === 'GET' || m === 'POST',
    );
    const schema = (r.schema ?? {}) as Record<string, { properties?: Route['fields']; required?: string[] }>;
    const part = schema.body ?? schema.querystring ?? {};
    return methods.map((method) => ({
      method,
      url: r.url,
      fields: part.properties ?? {},
      required: part.required ?? [],
    }));
  });
}

/** Under 500, and the family's envelope: { code, message } or { success, message }. */
function envelope(label: string, url: string, res: LightMyRequestResponse): Reply {
  expect(res.statusCode, `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  const body = res.json() as Reply;
  if (familyOfPath(url) === 'v3') expect(typeof body.success, label).toBe('boolean');
  else expect(['string', 'number'], label).toContain(typeof body.code);
  expect(typeof body.message, label).toBe('string');
  return body;
}

const SQL = [
  "'; DROP TABLE complaints; --",
  "' OR '1'='1",
  '" OR ""="',
  "1; DELETE FROM orders WHERE '1'='1",
  "' UNION SELECT phone, code FROM sms_codes --",
  "\\'; SELECT pg_sleep(3); --",
  '%_\\% LIKE wildcards',
  '`backtick` $1 $$dollar$$ ? :name',
  "/* comment */ -- dash ' \u2019",
];

const deepJson = (depth: number) => `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe('malformed, oversized and wrongly typed requests (every API route)', () => {
  let s: TestServer;
  let routes: Route[];
  beforeAll(async () => {
    s = await startServer('sqlite');
    await s.app.ready();
    routes = apiRoutes(s.app);
  });
  afterAll(async () => s.close());

  it('the route table lists the API (the sweep covers something)', () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const url of ['/nepenthes/problem-save', '/v3/loan-details/generate-vcode', '/gopia/goya/satire'])
      expect(routes.map((r) => r.url)).toContain(url);
  });

  const json = (payload: string | Buffer): Partial<InjectOptions> => ({
    payload,
    headers: { 'content-type': 'application/json' },
  });
  const BODIES: [string, Partial<InjectOptions>, number | null][] = [
    ['invalid JSON', json('{"orderId": "ORD-174", '), 400],
    ['an empty JSON body', json(''), 400],
    ['a JSON array', json('[1, 2, 3]'), null],
    ['a JSON string', json('"ORD-174"'), null],
    ['JSON null', json('null'), null],
    ['a 2 MB JSON body', json(JSON.stringify({ orderId: 'x'.repeat(2 * 1024 * 1024) })), 413],
    ['invalid UTF-8', json(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])), null],
    ['JSON nested 10 000 deep', json(deepJson(10_000)), null],
    ['JSON nested 100 000 deep', json(deepJson(100_000)), null],
    ['prototype keys', json('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'), null],
    [
      'a 300 KB form body',
      {
        payload: `orderId=${'x'.repeat(300 * 1024)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      413,
    ],
    [
      'a form of 5 000 fields',
      {
        payload: Array.from({ length: 5_000 }, (_, i) => `f${i}=${i}`).join('&'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      null,
    ],
    [
      'form prototype keys',
      {
        payload: '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      null,
    ],
    ['text/plain', { payload: 'orderId=ORD-174', headers: { 'content-type': 'text/plain' } }, 415],
    [
      'application/xml',
      { payload: '<orderId>ORD-174</orderId>', headers: { 'content-type': 'application/xml' } },
      415,
    ],
    ['no content type', { payload: 'orderId=ORD-174', headers: { 'content-type': '' } }, null],
    ['a nonsense content type', { payload: '{}', headers: { 'content-type': ';;;/=' } }, null],
  ];

  it.each(BODIES)('%s: the family envelope, never a 500', async (label, request, status) => {
    for (const route of routes.filter((r) => r.method === 'POST')) {
      const res = await s.app.inject({ method: 'POST', url: route.url, ...request } as InjectOptions);
      envelope(`${label} to ${route.url}`, route.url, res);
      if (status !== null) expect(res.statusCode, `${label} to ${route.url}`).toBe(status);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('multipart to a route that takes no upload: 415 in the envelope', async () => {
    for (const route of routes.filter((r) => r.method === 'POST' && !r.url.includes('upload'))) {
      const res = await s.app.inject({
        method: 'POST',
        url: route.url,
        ...multipart('orderId', 'x.png', PNG_1PX),
      });
      expect(envelope(`multipart to ${route.url}`, route.url, res) && res.statusCode).toBe(415);
    }
  });

  it('uploads: oversized, too many parts, a broken multipart body, no file', async () => {
    // With a session: without one the upload is refused before its body is read (identity.test.ts).
    const url = '/nepenthes/upload-problem-image?sessionId=hostile';
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await s.app.inject({ method: 'POST', url, ...multipart('problemImage', 'a.png', big) });
    expect(envelope('6 MB upload', url, tooBig) && tooBig.statusCode).toBe(413);

    const boundary = 'xBOUNDARYx';
    const parts = Array.from(
      { length: 40 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${i}\r\n`,
    ).join('');
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    for (const [label, payload] of [
      ['40 fields and no file', `${parts}--${boundary}--\r\n`],
      [
        'a body cut off mid-part',
        `--${boundary}\r\nContent-Disposition: form-data; name="problemImage"; filename="a.png"\r\n\r\nabc`,
      ],
      ['garbage', 'this is not multipart at all'],
      ['an empty body', ''],
    ] as const) {
      const res = await s.app.inject({ method: 'POST', url, payload, headers });
      envelope(label, url, res);
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
    }
  });

  it('GET routes: hostile and 100 KB query strings', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      for (const query of [
        `?${Object.keys(route.fields)
          .map((k) => `${k}=%3Cscript%3E`)
          .join('&')}`,
        `?sessionId=${'y'.repeat(100 * 1024)}`,
        '?templateId=1&templateId=2&sid[]=a&sid[x]=b',
        '?%E0%A4%A=broken-escape',
      ]) {
        const res = await s.app.inject({ method: 'GET', url: route.url + query });
        if (res.headers['content-type']?.toString().startsWith('image/')) continue;
        envelope(`GET ${route.url}${query.slice(0, 40)}`, route.url, res);
      }
    }
  });
});

describe.each(backends)('SQL metacharacters are plain text (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
    await s.app.ready();
  });
  afterAll(async () => s.close());

  /** A payload for the route: every declared string field hostile, numbers plausible. */
  function payload(route: Route, text: string): Record<string, string | number> {
    const out: Record<string, string | number> = {};
    for (const [name, spec] of Object.entries(route.fields)) {
      const types = [spec.type].flat();
      out[name] = types.includes('string') || spec.type === undefined ? text : 1;
    }
    return out;
  }

  it('in every string field and the session of every API route: answered, never a 500', async () => {
    const routes = apiRoutes(s.app);
    for (const text of SQL) {
      const session = encodeURIComponent(text);
      for (const route of routes) {
        const fields = payload(route, text);
        const res =
          route.method === 'GET'
            ? await s.app.inject({
                method: 'GET',
                url: `${route.url}?${new URLSearchParams({ ...fields, sessionId: text } as Record<string, string>)}`,
              })
            : await s.app.inject({
                method: 'POST',
                url: `${route.url}?sessionId=${session}`,
                payload: fields,
              });
        if (res.headers['content-type']?.toString().startsWith('image/')) continue;
        envelope(`${route.method} ${route.url} with ${text}`, route.url, res);
      }
    }
    // The tables are all still there and whole.
    expect((await s.app.db.selectFrom('orders').select('id').execute()).length).toBeGreaterThanOrEqual(9);
    expect((await post(s.app, '/nepenthes/problem-list?sessionId=after-sql')).body.code).toBe('00');
  });

  it('a complaint with SQL in its text and its session comes back exactly as sent', async () => {
    for (const text of SQL) {
      const session = encodeURIComponent(text);
      const saved = await postForm(s.app, `/nepenthes/problem-save?sessionId=${session}`, {
        problemType: 2,
        problemDetail: text,
      });
      expect(saved.body.code, text).toBe('00');
      const id = saved.body.data.problemId as number;
      const detail = await postForm(s.app, `/nepenthes/problem-detail?sessionId=${session}`, {
        problemId: id,
      });
      expect(detail.body.data.content).toBe(text.trim());
      // Another borrower does not see it (the session is a value, not SQL).
      const other = await postForm(s.app, `/nepenthes/problem-detail?sessionId=someone-else`, {
        problemId: id,
      });
      expect(other.body.code).not.toBe('00');
    }
  });

  it('event and registration fields with SQL are stored as sent', async () => {
    const text = SQL[0]!;
    const event = await post(s.app, `/service/event/save?sessionId=${encodeURIComponent(text)}`, {
      productId: text,
      moduleId: 18,
      positionId: 0,
    });
    expect(event.body.success).toBe(true);
    const row = await s.app.db
      .selectFrom('events')
      .selectAll()
      .where('borrower_id', '=', text)
      .where('kind', '=', 'event')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload_json)).toMatchObject({ productId: text });

    const sid = (await get(s.app, '/api/v2/youmi/promotion/get-sid')).body.data.sid as string;
    await s.app.inject({ method: 'GET', url: `/api/v2/youmi/promotion/get-captcha?sid=${sid}` });
    const capcode = (await get(s.app, `/dev/captcha?sid=${sid}`)).body.data.text as string;
    const phone = '13912340000';
    expect((await post(s.app, '/api/v2/youmi/promotion/get-sms', { phone, capcode, sid })).body.code).toBe(0);
    const smsCode = (await get(s.app, `/dev/sms-code?phone=${phone}`)).body.data.smsCode as string;
    const reg = await post(s.app, '/api/v2/youmi/promotion/register', {
      phone,
      capcode,
      sid,
      smsCode,
      appName: text,
      utm_tag: SQL[1],
      user_from: SQL[2],
      app_from: SQL[3],
      invite_code: SQL[4],
    });
    expect(reg.body.code).toBe(0);
    const user = await s.app.db
      .selectFrom('registrations')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect([user.app_name, user.utm_tag, user.user_from, user.app_from, user.invite_code]).toEqual([
      text,
      SQL[1],
      SQL[2],
      SQL[3],
      SQL[4],
    ]);
  });
});

describe('path traversal', () => {
  let s: TestServer;
  const site = mkdtempSync(join(tmpdir(), 'lender-traversal-'));
  beforeAll(async () => {
    // A secret beside the screens folder, and one real screen in it.
    writeFileSync(join(site, 'secret.json'), JSON.stringify({ secret: 'TOPSECRET' }));
    mkdirSync(join(site, 'screens', 'promo'), { recursive: true });
    writeFileSync(
      join(site, 'screens', 'about.json'),
      JSON.stringify({ schemaVersion: 1, id: 'about', title: 'About', body: [] }),
    );
    s = await startServer('sqlite', { screensDir: join(site, 'screens') });
    writeFileSync(join(s.dir, 'secret.json'), JSON.stringify({ secret: 'TOPSECRET' }));
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  afterAll(async () => s.close());

  const NAMES = [
    '../../../../secret.png',
    '..\\..\\..\\secret.png',
    '/etc/passwd.png',
    '%2e%2e%2f%2e%2e%2fsecret.png',
    'evil.php%00.png',
    '....//....//secret.png',
    'CON.png',
    'a'.repeat(5000) + '.png',
    '"; rm -rf /; ".png',
  ];

  it('an upload name is never used: every file is stored under a random name, and nothing is written to disk', async () => {
    for (const name of NAMES) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/nepenthes/upload-problem-image?sessionId=traversal',
        ...multipart('problemImage', name, PNG_1PX, 'image/png'),
      });
      const body = envelope(`upload ${name.slice(0, 40)}`, '/nepenthes/upload-problem-image', res);
      expect(body.data.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    }
    // In the database (issue 29 §5), under the random names only.
    const stored = (
      await s.app.db
        .selectFrom('uploads')
        .innerJoin('stored_files', 'stored_files.name', 'uploads.name')
        .select('stored_files.name')
        .where('uploads.borrower_id', '=', 'traversal')
        .execute()
    ).map((r) => r.name);
    expect(stored).toHaveLength(NAMES.length);
    for (const file of stored) expect(file).toMatch(/^[a-f0-9]{32}\.png$/);
    const everything = readdirSync(s.dir, { recursive: true }).map(String);
    expect(everything.filter((f) => /secret\.png|passwd|evil|rm -rf/.test(f))).toEqual([]);
  });

  const LEAKS = (res: LightMyRequestResponse) => res.body.includes('TOPSECRET') || res.body.includes('root:');

  it('upload and screen addresses that climb out of their folder are 404s', async () => {
    const paths = [
      '/uploads/..%2F..%2Fsecret.json',
      '/uploads/../secret.json',
      '/uploads/%2e%2e%2fsecret.json',
      '/uploads/..%5csecret.json',
      '/screens/../secret.json',
      '/screens/..%2fsecret.json',
      '/screens/%2e%2e/secret.json',
      '/screens/%2e%2e%2fsecret.json',
      '/screens/promo/../../secret.json',
      '/screens/promo/..%2f..%2fsecret.json',
      '/screens/..%5csecret.json',
      '/screens//etc/passwd',
      '/screens/%2fetc%2fpasswd',
      '/screens/about.json%00.txt',
      '/screens/about.json/..%2f..%2fsecret.json',
      '/screens/%252e%252e%252fsecret.json',
    ];
    for (const url of paths) {
      const res = await s.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(LEAKS(res), url).toBe(false);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      // A browser asking for a page may get the app's own page (not built here: 503), never the file.
      const page = await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(LEAKS(page), url).toBe(false);
      expect(page.statusCode, url).not.toBe(500);
    }
    expect((await s.app.inject({ method: 'GET', url: '/screens/about.json' })).statusCode).toBe(200);
  });

  it('the studio refuses screen ids that are paths, and writes nothing anywhere', async () => {
    const before = readFileSync(join(s.dir, 'secret.json'), 'utf8');
    const ed = await editor(s.app);
    const documents = (await ed.call('GET', '/documents')).body.documents;
    const text = JSON.stringify({ schemaVersion: 1, id: 'about', title: 'Pwned', body: [] });
    for (const id of [
      '..%2fsecret',
      '..%2F..%2Fsecret',
      'promo%2f..%2f..%2fsecret',
      '%2e%2e',
      'About',
      'a.b',
      'manifest',
    ]) {
      for (const [method, path] of [
        ['PUT', `/documents/screen/${id}/draft`],
        ['GET', `/documents/screen/${id}/revisions`],
        ['GET', `/scenarios/${id}`],
      ] as const) {
        const res = await ed.call(
          method,
          path,
          method === 'PUT' ? { text, parentRevisionId: null } : undefined,
        );
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
    }
    expect(readFileSync(join(s.dir, 'secret.json'), 'utf8')).toBe(before);
    expect(existsSync(join(s.dir, 'secret.json.json'))).toBe(false);
    expect((await ed.call('GET', '/documents')).body.documents).toEqual(documents);
  });
});

describe.each(backends)('floods and races (%s)', (backend) => {
  let s: TestServer;
  let base: string;
  beforeAll(async () => {
    s = await startServer(backend);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => s.close());

  it('100 concurrent complaint saves over HTTP: all stored, none twice', async () => {
    const session = `flood-${backend}`;
    const replies = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await fetch(`${base}/nepenthes/problem-save?sessionId=${session}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ problemType: '2', problemDetail: `complaint number ${i}` }).toString(),
        });
        return { status: res.status, body: (await res.json()) as Reply };
      }),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(replies.every((r) => r.body.code === '00')).toBe(true);
    const ids = replies.map((r) => r.body.data.problemId as number);
    expect(new Set(ids).size).toBe(100);
    const rows = await s.app.db
      .selectFrom('complaints')
      .select(['id', 'content'])
      .where('borrower_id', '=', session)
      .execute();
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((r) => r.content))).toEqual(
      new Set(Array.from({ length: 100 }, (_, i) => `complaint number ${i}`)),
    );
    const list = await postForm(s.app, `/nepenthes/problem-list?sessionId=${session}`);
    const all = (list.body.data.tabs as { list: { id: number }[] }[])[0]!.list.map((c) => c.id);
    expect(all.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  });

  it('ten identical pay submits at once: one pay request, the same payUrl for all', async () => {
    const session = `pay-${backend}`;
    const submit = (channelNumber: string) =>
      post(s.app, `/v3/loan-details/generate-vcode?sessionId=${session}`, {
        orderId: 'ORD-174',
        productId: 'P-2',
        amount: 313500,
        channelNumber,
      });
    const replies = await Promise.all(Array.from({ length: 10 }, () => submit('10001')));
    expect(replies.every((r) => r.body.success === true)).toBe(true);
    const urls = new Set(replies.map((r) => r.body.data.payUrl as string));
    expect(urls.size).toBe(1);
    expect((await submit('10001')).body.data.payUrl).toBe([...urls][0]);
    const rows = await s.app.db
      .selectFrom('pay_requests')
      .select('id')
      .where('borrower_id', '=', session)
      .where('order_id', '=', 'ORD-174')
      .execute();
    expect(rows).toHaveLength(1);
    // Another channel while this one is open is refused (issue 20: one pending repayment per order).
    expect((await submit('10002')).body).toMatchObject({
      success: false,
      message: expect.stringMatching(/in progress/),
    });
  });

  it('legacy: twenty commits with twenty fresh tokens over HTTP at once are one repayment', async () => {
    const session = `legacy-many-${backend}`;
    const ways = await Promise.all(
      Array.from({ length: 20 }, () =>
        postForm(s.app, `/nepenthes/repayment-way?sessionId=${session}`, { orderId: 'ORD-180-D' }),
      ),
    );
    const replies = await Promise.all(
      ways.map(async (w) => {
        const res = await fetch(`${base}/nepenthes/repayment-commit?sessionId=${session}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            amount: String(w.body.data.repayAmount),
            cardId: String(w.body.data.bankCards[0].id),
            orderId: 'ORD-180-D',
            repayToken: w.body.data.repayToken as string,
            sendMsg: '0',
          }).toString(),
        });
        return (await res.json()) as Reply;
      }),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 800005)).toHaveLength(19);
    const rows = await s.app.db
      .selectFrom('legacy_repayments')
      .select('amount')
      .where('borrower_id', '=', session)
      .execute();
    expect(rows.map((r) => r.amount)).toEqual([393500]);
  });

  it('repeated huichao submits get the same address', async () => {
    const session = `huichao-${backend}`;
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        postForm(s.app, `/nepenthes/repayment-huichao?sessionId=${session}`, {
          userId: '1',
          orderId: 'ORD-180',
          amount: 1145000,
        }),
      ),
    );
    expect(new Set(replies.map((r) => r.body.data.url)).size).toBe(1);
  });

  it('legacy: ten commits of one token at once are one repayment; one confirm of it succeeds', async () => {
    const session = `legacy-${backend}`;
    const way = await postForm(s.app, `/nepenthes/repayment-way?sessionId=${session}`, {
      orderId: 'ORD-174',
    });
    const { repayToken, repayAmount, bankCards } = way.body.data as {
      repayToken: string;
      repayAmount: number;
      bankCards: { id: number; bankName: string; cardNo: string; bankCode: string }[];
    };
    const card = bankCards[0]!;
    const commits = await Promise.all(
      Array.from({ length: 10 }, () =>
        postForm(s.app, `/nepenthes/repayment-commit?sessionId=${session}`, {
          amount: repayAmount,
          bankName: card.bankName,
          cardId: card.id,
          cardNo: card.cardNo,
          bankCode: card.bankCode,
          couponId: '',
          orderId: 'ORD-174',
          repayToken,
          sendMsg: 1,
        }),
      ),
    );
    const codes = commits.map((c) => c.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 800005)).toHaveLength(9);
    const record = commits.find((c) => c.body.code === 0)!.body.data.repayRecordId as number;
    const rows = await s.app.db
      .selectFrom('legacy_repayments')
      .select(['id', 'verify_code'])
      .where('repay_token', '=', repayToken)
      .execute();
    expect(rows).toHaveLength(1);
    const confirms = await Promise.all(
      Array.from({ length: 5 }, () =>
        postForm(s.app, `/nepenthes/repayment-confirm?sessionId=${session}`, {
          orderId: 'ORD-174',
          verifyCode: rows[0]!.verify_code,
          repaymentRecordId: record,
        }),
      ),
    );
    expect(confirms.map((c) => c.body.code).sort()).toEqual([0, 800005, 800005, 800005, 800005]);
  });

  describe('SMS sends', () => {
    const BASE = '/api/v2/youmi/promotion';
    let phoneSeq = 0;
    const nextPhone = () => `139${String(70_000_000 + phoneSeq++).padStart(8, '0')}`;

    async function solvedSession(remoteAddress: string) {
      const sid = (await get(s.app, `${BASE}/get-sid`)).body.data.sid as string;
      await s.app.inject({ method: 'GET', url: `${BASE}/get-captcha?sid=${sid}`, remoteAddress });
      const capcode = (await get(s.app, `/dev/captcha?sid=${sid}`)).body.data.text as string;
      return { sid, capcode };
    }
    const send = async (remoteAddress: string, body: Record<string, string>) => {
      const res = await s.app.inject({
        method: 'POST',
        url: `${BASE}/get-sms`,
        remoteAddress,
        payload: body,
      });
      return (res.json() as Reply).code as number;
    };
    const sentTo = async (phone: string) =>
      (await s.app.db.selectFrom('sms_codes').select('id').where('phone', '=', phone).execute()).length;

    it('twenty sends to one phone at once: one code goes out, the rest are told not to resend', async () => {
      const { sid, capcode } = await solvedSession('10.1.0.1');
      const phone = nextPhone();
      const codes = await Promise.all(
        Array.from({ length: 20 }, () => send('10.1.0.1', { phone, sid, capcode })),
      );
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === 12)).toHaveLength(19);
      expect(await sentTo(phone)).toBe(1);
    });

    it(`one solved captcha sends at most ${SMS_LIMITS.perSession} codes, to any phones`, async () => {
      const { sid, capcode } = await solvedSession('10.2.0.1');
      const codes: number[] = [];
      for (let i = 0; i < SMS_LIMITS.perSession + 3; i++)
        codes.push(await send('10.2.0.1', { phone: nextPhone(), sid, capcode }));
      expect(codes).toEqual([...Array(SMS_LIMITS.perSession).fill(0), 12, 12, 12]);
    });

    it(`one client address sends at most ${SMS_LIMITS.perClient} codes, however many captchas it solves`, async () => {
      const codes: number[] = [];
      while (codes.length < SMS_LIMITS.perClient + 5) {
        const { sid, capcode } = await solvedSession('10.3.0.1');
        for (let i = 0; i < SMS_LIMITS.perSession && codes.length < SMS_LIMITS.perClient + 5; i++)
          codes.push(await send('10.3.0.1', { phone: nextPhone(), sid, capcode }));
      }
      expect(codes.filter((c) => c === 0)).toHaveLength(SMS_LIMITS.perClient);
      expect(codes.slice(SMS_LIMITS.perClient)).toEqual([12, 12, 12, 12, 12]);
      // Another address is not locked out by this one's flood.
      const other = await solvedSession('10.3.0.2');
      expect(await send('10.3.0.2', { phone: nextPhone(), ...other })).toBe(0);
    });

    it('refused sends do not use up the allowance (a wrong captcha, a bad phone)', async () => {
      const { sid, capcode } = await solvedSession('10.4.0.1');
      for (let i = 0; i < SMS_LIMITS.perSession + 2; i++) {
        expect(await send('10.4.0.1', { phone: '123', sid, capcode })).toBe(102);
      }
      expect(await send('10.4.0.1', { phone: nextPhone(), sid, capcode })).toBe(0);
    });
  });
});
