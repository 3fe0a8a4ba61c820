// Steady borrower load for the fault test: readers (screen documents from memory, loan details
// from the database, liveness) and writers (complaints, each retried with its idempotency key
// until it is acknowledged, as the app does after "try again in a moment"). Every answer is
// tallied, so the test can say how many 503s there were and that nothing else went wrong.

export interface Tally {
  /** Answers by status ('network' when the connection failed). */
  statuses: Map<string, number>;
  /** Anything the issue forbids: a 5xx other than 503, a 503 without its envelope, a network error. */
  violations: string[];
  /** The slowest 503 (ms): "answers quickly", never a hang. */
  slowest503Ms: number;
  /** Which call that was. */
  slowest503What: string;
}

export const newTally = (): Tally => ({
  statuses: new Map(),
  violations: [],
  slowest503Ms: 0,
  slowest503What: '',
});

export const count503 = (tally: Tally) => tally.statuses.get('503') ?? 0;

/** One borrower call, tallied. Resolves with the status and body (null on a network failure). */
export async function borrowerCall(
  tally: Tally,
  url: string,
  init: RequestInit,
  what: string,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const started = Date.now();
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    tally.statuses.set('network', (tally.statuses.get('network') ?? 0) + 1);
    tally.violations.push(`${what}: no answer (${String(error)})`);
    return { status: 0, body: null };
  }
  const text = await response.text();
  const key = String(response.status);
  tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
  let body: Record<string, unknown> | null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  if (response.status === 503) {
    const took = Date.now() - started;
    if (took > tally.slowest503Ms) {
      tally.slowest503Ms = took;
      tally.slowest503What = what;
    }
    if (response.headers.get('retry-after') === null || !body || typeof body.message !== 'string')
      tally.violations.push(`${what}: a 503 without Retry-After or its envelope: ${text}`);
  } else if (response.status >= 500) tally.violations.push(`${what}: ${response.status} ${text}`);
  return { status: response.status, body };
}

export interface Written {
  content: string;
  problemId: number | null;
}

export interface Load {
  /** Every write started, with its problemId once acknowledged. */
  written: Written[];
  /** When each measurement event the server acknowledged was sent (one event per batch). */
  eventsAcknowledgedAt: number[];
  /** Stops starting new work; resolves when every write in flight is acknowledged or given up. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoadOptions {
  bases: string[];
  /** A signed session per writer (and one for the readers). */
  sessions: string[];
  /** An order of the readers' borrower, for loan details. */
  orderId: string;
  tally: Tally;
}

/** Starts the load; each loop pauses a little between calls (a 2-core machine runs it all). */
export function startLoad({ bases, sessions, orderId, tally }: LoadOptions): Load {
  let running = true;
  const written: Written[] = [];
  const eventsAcknowledgedAt: number[] = [];
  const pick = (n: number) => bases[n % bases.length]!;
  const [readerSession, ...writerSessions] = sessions;

  const reader = async () => {
    for (let n = 0; running; n++) {
      const base = pick(n);
      const doc = await borrowerCall(tally, `${base}/screens/hello.json`, {}, 'document');
      // From the published set in memory: served whatever the database does.
      if (doc.status !== 200)
        tally.violations.push(`document answered ${doc.status} (must be served from memory)`);
      await borrowerCall(
        tally,
        `${base}/v3/loan-details/loan-details?sessionId=${encodeURIComponent(readerSession!)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ orderId }),
        },
        'loan details',
      );
      // The page's measurement events: stored, or 503 while the database is away.
      const at = Date.now();
      const events = await borrowerCall(
        tally,
        `${base}/api/events`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sentAt: at, events: [{ name: 'fault_probe', at, screen: 'hello' }] }),
        },
        'events',
      );
      if (events.status === 200 && (events.body?.data as { accepted?: number } | undefined)?.accepted === 1)
        eventsAcknowledgedAt.push(at);
      const live = await borrowerCall(tally, `${base}/healthz`, {}, 'healthz');
      if (live.status !== 200) tally.violations.push(`/healthz answered ${live.status}`);
      await sleep(40);
    }
  };

  const writer = async (w: number) => {
    const session = writerSessions[w]!;
    for (let n = 0; running; n++) {
      const entry: Written = { content: `fault-test writer ${w} write ${n}`, problemId: null };
      written.push(entry);
      const key = `w${w}-${n}`;
      // Retried with the same key until acknowledged, alternating instances as a balancer would.
      for (let attempt = 0; entry.problemId === null && attempt < 600; attempt++) {
        const answer = await borrowerCall(
          tally,
          `${pick(n + attempt)}/nepenthes/problem-save?sessionId=${encodeURIComponent(session)}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
            body: new URLSearchParams({ problemType: '2', problemDetail: entry.content }).toString(),
          },
          'complaint',
        );
        const data = answer.body?.data as { problemId?: number } | undefined;
        if (answer.status === 200 && answer.body?.code === '00' && typeof data?.problemId === 'number')
          entry.problemId = data.problemId;
        else if (
          answer.status === 200 ||
          (answer.status >= 400 && answer.status !== 409 && answer.status < 500)
        )
          tally.violations.push(
            `complaint ${key}: unexpected answer ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        else await sleep(250);
      }
      if (entry.problemId === null) tally.violations.push(`complaint ${key} was never acknowledged`);
      await sleep(60);
    }
  };

  const loops = [reader(), reader(), ...writerSessions.map((_, w) => writer(w))];
  return {
    written,
    eventsAcknowledgedAt,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
