// Staged rollouts and experiments as the server uses them: the store, the running set in memory
// (kept current by the publishing signals: a change here reloads it at once, the others hear it by
// NOTIFY or the periodic check, src/server/publishing/content.ts `follow`), the serving hook the
// pages and /screens/ call, and the results. See README.md.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../audit/log.js';
import type { DbTarget } from '../db/connection.js';
import type { BorrowerKeys } from '../events/borrower-key.js';
import type { ScreenFile } from '../lib/screen-files.js';
import type { Content } from '../publishing/content.js';
import type { Db } from '../publishing/store.js';
import { notifier } from '../publishing/sync.js';
import { createExposureLog } from './exposures.js';
import { experimentResults, type Results } from './results.js';
import { createVariantServer } from './serve.js';
import { experimentStore, type Experiment, type ExperimentChange, type StartInput } from './store.js';

export interface ExperimentsOptions {
  db: Db;
  target: DbTarget;
  content: Content;
  now: () => Date;
  fourEyes: boolean;
  /** The borrower keys of the events (src/server/events/borrower-key.ts): one key for pages, documents and events. */
  keys: BorrowerKeys;
  log(message: string, error?: unknown): void;
}

export interface Experiments {
  /** The document at /screens/<rel> for the borrower asking: the published one or their arm's. */
  file(rel: string, request: FastifyRequest, reply: FastifyReply): ScreenFile | null;
  list(screen?: string): Promise<Experiment[]>;
  get(id: number): Promise<Experiment & { changes: ExperimentChange[] }>;
  results(id: number, goal?: string): Promise<Results>;
  start(input: StartInput, actor: Actor): Promise<Experiment>;
  ramp(id: number, input: { percent?: unknown }, actor: Actor): Promise<Experiment>;
  stop(id: number, actor: Actor): Promise<Experiment>;
  promote(id: number, input: { arm?: unknown }, actor: Actor): Promise<Experiment>;
  /** Reads the running experiments again when they changed (any instance). */
  refresh(): Promise<void>;
  /** Writes the exposures still in memory (shutdown). */
  close(): Promise<void>;
}

/** `e<experiment>:<arm>` (serve.ts `variantLabel`) back into its parts. */
const LABEL = /^e(\d+):([a-z])$/;

export async function startExperiments(o: ExperimentsOptions): Promise<Experiments> {
  const store = experimentStore({ db: o.db, now: o.now, fourEyes: o.fourEyes, notify: notifier(o.target) });
  const server = createVariantServer(() => o.content.published());
  const exposures = createExposureLog(o.db, o.log);

  /** The borrower's document, and the server's record that it served them an arm (exposures.ts). */
  function file(rel: string, request: FastifyRequest, reply: FastifyReply) {
    let key: string | null = null;
    const served = server.file(rel, () => (key = o.keys.keyOf(request, reply)), reply);
    const arm = served?.variant ? LABEL.exec(served.variant) : null;
    if (key && arm) exposures.record(Number(arm[1]), arm[2]!, key, o.keys.addressTag(request));
    return served;
  }

  let version = -1;
  let running: Promise<void> | null = null;
  async function load(): Promise<void> {
    const next = await store.version();
    if (next === version) return;
    server.set(await store.running());
    version = next;
  }
  /** One read at a time; a caller during one waits for it and then checks again. */
  async function refresh(): Promise<void> {
    while (running) await running.catch(() => undefined);
    running = load().finally(() => (running = null));
    return running;
  }
  await refresh();
  // A failed read keeps the running set as it was (like the published set); the next signal retries.
  o.content.follow(() =>
    refresh().catch((error: unknown) => o.log('reloading the experiments failed', error)),
  );

  const changes = store.changes;
  async function resultsOf(exp: Experiment, goal?: string): Promise<Results> {
    const ramped = (await changes(exp.id)).some((c) => c.action === 'ramp');
    await exposures.flush();
    return experimentResults(o.db, exp, goal || exp.goal, o.now(), ramped);
  }
  /** A change is served here before its answer goes out; the others follow within the propagation. */
  const thenServe = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    await refresh();
    return result;
  };

  return {
    file,
    list: (screen) => store.list(screen),
    async get(id) {
      return { ...(await store.get(id)), changes: await changes(id) };
    },
    async results(id, goal) {
      return resultsOf(await store.get(id), goal);
    },
    start: (input, actor) => thenServe(store.start(input, actor)),
    ramp: (id, input, actor) => thenServe(store.ramp(id, input, actor)),
    async stop(id, actor) {
      const exp = await store.get(id);
      return thenServe(store.stop(id, actor, exp.status === 'running' ? await resultsOf(exp) : null));
    },
    async promote(id, input, actor) {
      const exp = await store.get(id);
      const results = exp.status === 'running' ? await resultsOf(exp) : null;
      const promoted = await store.promote(id, input, actor, results);
      // A promotion is also a publication: the published set first, then the experiments.
      await o.content.reload();
      await refresh();
      return promoted;
    },
    refresh,
    close: () => exposures.flush(),
  };
}
