/**
 * The event endpoint's load for bench/server-load.ts (issue 28 item 1): the track endpoint throttles
 * each borrower key and each address, so a bench that sent every batch with one cookie from one
 * address would measure the throttle. Real traffic is many borrowers on many addresses: each batch
 * here has a cookie and an address of its own (X-Forwarded-For, which the bench's server believes
 * from loopback as a server behind its proxy does).
 *
 * And the flood of the acceptance: one address sends batches of 100 events as fast as it can for
 * 60 s, while loan details is measured as in its own target; the flood must be throttled (429) and
 * loan details keep p99 < 20 ms.
 */
import { autocannon, type RawRequest } from './autocannon';

let sender = 0;
/**
 * Borrowers and addresses the batches come from: a bench run sends some 60k batches, so each
 * borrower sends a few (well under its allowance), and each address some 30 a run.
 */
const BORROWERS = 20_000;
const ADDRESSES = 2_000;

/** For autocannon's `requests`: each batch from the next of BORROWERS borrowers, on one of ADDRESSES addresses. */
export const manyBorrowers = [
  {
    setupRequest(request: RawRequest): RawRequest {
      const n = sender++ % BORROWERS;
      const a = n % ADDRESSES;
      request.headers = {
        ...request.headers,
        cookie: `lender_vid=bench${String(n).padStart(17, '0')}`,
        'x-forwarded-for': `10.9.${a >> 8}.${a & 255}`,
      };
      return request;
    },
  },
];

export const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 60);
const FLOOD_ADDRESS = '203.0.113.66';

/** A batch of 100 events, the most a request may carry. */
function floodBatch(): string {
  const now = Date.now();
  return JSON.stringify({
    sentAt: now,
    events: Array.from({ length: 100 }, (_, i) => ({ name: 'flood', at: now - i, screen: 'loan-details' })),
  });
}

export interface FloodOutcome {
  lines: string[];
  figures: Record<string, number>;
}

/**
 * The flood and loan details at once, FLOOD_SECONDS each: one row for loan details during the
 * flood (its target: p99 < 20 ms) and one for the flood (how much of it was answered 429, and the
 * events that got through).
 */
export async function floodScenario(base: string, db: string, loan: string): Promise<FloodOutcome> {
  const [loanDetails, flood] = await Promise.all([
    autocannon({
      url: `${base}/v3/loan-details/loan-details`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loan,
      connections: 10,
      duration: FLOOD_SECONDS,
    }),
    autocannon({
      url: `${base}/api/events`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': FLOOD_ADDRESS },
      body: floodBatch(),
      connections: 10,
      duration: FLOOD_SECONDS,
    }),
  ]);
  const count = (status: string) => flood.statusCodeStats[status]?.count ?? 0;
  const accepted = count('200');
  const refused = count('429');
  const other = flood.requests.total - accepted - refused + flood.errors + flood.timeouts;
  const loanBad = loanDetails.non2xx + loanDetails.errors + loanDetails.timeouts;
  const met = loanDetails.latency.p99 < 20 && accepted < refused;
  const key = (name: string) => `${db.toLowerCase()}.${name}`;
  return {
    lines: [
      `| [${db}] POST loan details during a ${FLOOD_SECONDS} s flood of /api/events from one address | ${Math.round(loanDetails.requests.average)} | — | ${loanDetails.latency.p50} | ${loanDetails.latency.p99} | — | ${loanBad} | p99 < 20 ms, flood throttled: ${met ? 'met' : 'MISSED'} |`,
      `| [${db}] the flood: batches of 100 events from one address | ${Math.round(flood.requests.average)} | — | ${flood.latency.p50} | ${flood.latency.p99} | — | ${other} | ${refused} answered 429, ${accepted} accepted (${Math.round((accepted * 100) / FLOOD_SECONDS)} events/s) |`,
    ],
    figures: {
      [key('flood-loan-details.rps')]: Math.round(loanDetails.requests.average),
      [key('flood-loan-details.p99')]: loanDetails.latency.p99,
      [key('flood.rps')]: Math.round(flood.requests.average),
      [key('flood.refused')]: refused,
      [key('flood.accepted-events-per-s')]: Math.round((accepted * 100) / FLOOD_SECONDS),
    },
  };
}
