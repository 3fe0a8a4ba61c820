// Helpers of the experiments API tests: an editor's revision to put in an arm, an experiment on
// `hello`, borrowers that load it from their own address as a phone does (the document, then the
// page's events with the cookie the server set), registrations as the landing makes them, and
// the results as the studio reads them.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { TRACK_PATH } from '../../src/server/events/plugin.js';
import { get, type Reply } from './helpers.js';
import { screenText, type Client } from './studio-helpers.js';

/** The editor saves a draft of `name` with a button labelled `label`: the revision an arm shows. */
export async function revisionWith(ed: Client, name: string, label: string): Promise<number> {
  const doc = await ed.call('GET', `/documents/screen/${name}`);
  const parent = doc.body.draft?.headRevisionId ?? doc.body.live.id;
  const saved = await ed.call('PUT', `/documents/screen/${name}/draft`, {
    text: screenText(name, label),
    parentRevisionId: parent,
    message: `try "${label}"`,
  });
  expect(saved.status).toBe(200);
  return saved.body.revision.id as number;
}

/** A 50/50 experiment on hello: the live revision against `revisionId`. */
export async function experimentOnHello(pub: Client, revisionId: number, goal: string): Promise<number> {
  const res = await pub.call('POST', '/experiments', {
    kind: 'experiment',
    screen: 'hello',
    name: 'Button wording',
    goal,
    planned: 400,
    arms: [
      { revisionId: null, weight: 50 },
      { revisionId, weight: 50 },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.experiment.id as number;
}

export const cookieOf = (setCookie: unknown) => /lender_vid=[^;]+/.exec(String(setCookie ?? ''))?.[0] ?? '';

/** Sends a batch of events as the host does; the reply's status. */
export async function sendEvents(
  app: FastifyInstance,
  headers: Record<string, string>,
  events: object[],
  device?: string,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: TRACK_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ sentAt: Date.now(), ...(device ? { device } : {}), events }),
  });
  return res.statusCode;
}

export interface Phone {
  /** The headers this phone sends: its address (behind the trusted proxy) and its cookie. */
  headers: Record<string, string>;
  variant: string;
  arm: 'a' | 'b';
}

/**
 * A phone on its own address opens hello: the document (the server sets its cookie and serves it
 * an arm), then its page reports the screen view with that cookie, as the host does.
 */
export async function phoneOpensHello(app: FastifyInstance, address: string): Promise<Phone> {
  const doc = await app.inject({ url: '/screens/hello.json', headers: { 'x-forwarded-for': address } });
  expect(doc.statusCode).toBe(200);
  const variant = String(doc.headers['x-screen-variant'] ?? '');
  const headers = { 'x-forwarded-for': address, cookie: cookieOf(doc.headers['set-cookie']) };
  const view = {
    name: 'screen_view',
    at: Date.now(),
    screen: 'hello',
    revision: String(doc.headers['x-screen-revision']),
    variant,
  };
  expect(await sendEvents(app, headers, [view])).toBe(200);
  return { headers, variant, arm: variant.endsWith(':b') ? 'b' : 'a' };
}

let phones = 0;
/** A fresh Philippine mobile number for each registration. */
export const freshPhone = () => `0917${String(3_000_000 + ++phones).padStart(7, '0')}`;

/** A registration from this phone's page, as the landing makes it (captcha, SMS code, register). */
export async function registerFrom(app: FastifyInstance, headers: Record<string, string>): Promise<void> {
  const base = '/api/v2/youmi/promotion';
  const sid = (await get(app, `${base}/get-sid`)).body.data.sid as string;
  await app.inject({ url: `${base}/get-captcha?sid=${sid}`, headers });
  const capcode = (await get(app, `/dev/captcha?sid=${sid}`)).body.data.text as string;
  const phone = freshPhone();
  const call = async (path: string, body: object) =>
    (
      await app.inject({ method: 'POST', url: path, headers, payload: body as Record<string, string> })
    ).json();
  expect((await call(`${base}/get-sms`, { phone, capcode, sid })).code).toBe(0);
  const smsCode = (await get(app, `/dev/sms-code?phone=${phone}`)).body.data.smsCode as string;
  const done = await call(`${base}/register`, {
    phone,
    capcode,
    sid,
    smsCode,
    appName: 'pesoquick',
    id: '1',
  });
  expect(done).toMatchObject({ code: 0 });
}

/** The results as the studio reads them. */
export async function resultsOf(pub: Client, id: number): Promise<Reply> {
  const res = await pub.call('GET', `/experiments/${id}/results`);
  expect(res.status).toBe(200);
  return res.body.results as Reply;
}

/** What a result says: exposures and conversions per arm, the verdicts and the winner. */
export const verdictOf = (r: Reply) => ({
  exposures: r.arms.map((a: Reply) => a.exposures),
  conversions: r.arms.map((a: Reply) => a.conversions),
  verdicts: r.arms.map((a: Reply) => a.verdict),
  winner: r.winner,
});
