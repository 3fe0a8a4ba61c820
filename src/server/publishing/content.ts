// The content store as the server uses it: at start the baseline import and the first load of the
// published set; then the set kept current in every instance (a publication here reloads it at
// once; on PostgreSQL the others hear it through LISTEN/NOTIFY; and every instance checks the
// version now and then as a safety net, which is all SQLite processes sharing a file have), and
// the scheduler's tick.
import type { DbTarget } from '../db/connection.js';
import { unlessFault } from '../db/faults.js';
import type { ScreenFile } from '../lib/screen-files.js';
import { importBaseline, type ImportResult } from './baseline.js';
import { ContentSet } from './content-set.js';
import { createFlow, type Flow } from './flow.js';
import { recordFourEyes } from './four-eyes.js';
import { previewKey, previewTokens } from './preview.js';
import { buildPublished, type Published } from './published-set.js';
import { runDue } from './scheduler.js';
import { readLiveSet, readVersion, type Db } from './store.js';
import { listenForPublications, notifier, type Listener } from './sync.js';

export interface ContentOptions {
  db: Db;
  target: DbTarget;
  /** The baseline folder (screens/). */
  screensDir: string;
  now: () => Date;
  fourEyes: boolean;
  /** The preview links' signing key; '' = one generated and kept in the database. */
  previewSecret: string;
  previewTtlMs: number;
  /** How often each instance runs due schedules and compares versions (0 = never: tests tick by hand). */
  pollMs: number;
  log(message: string, error?: unknown): void;
  /** Good news worth a line (the publication listener is back); default: none. */
  info?(message: string): void;
}

export interface Content {
  /** What borrowers get now. */
  published(): Published;
  /** A served document by its address under /screens/ (the page and document plugins read this). */
  load(rel: string): Promise<ScreenFile | null>;
  /** The published manifest as the pages' data tag. */
  manifestTag(): string;
  flow: Flow;
  /** What the start's baseline import did. */
  imported: ImportResult;
  /** Reads the published set again (after a publication, or when another instance published). */
  reload(): Promise<void>;
  /**
   * Keeps other served state current with the same signals (a notification, the periodic check,
   * a publication here): `check` runs after every reload and must not throw (experiments).
   */
  follow(check: () => Promise<void>): void;
  /** Runs due schedules and promotion ends, then checks the version: the timer's work, for tests. */
  tick(): Promise<void>;
  /**
   * The database is back after an outage: the LISTEN connection reconnects now instead of after
   * its backoff, and the published set is read again (what was published meanwhile).
   */
  wake(): void;
  /** Why this instance cannot serve borrowers' pages yet (readiness), or null when it can. */
  notReady(): string | null;
  close(): Promise<void>;
}

export async function startContent(o: ContentOptions): Promise<Content> {
  const notify = notifier(o.target);
  await recordFourEyes(o.db, o.fourEyes, o.now);
  const imported = await importBaseline({ db: o.db, now: o.now, dir: o.screensDir, notify });
  let current: Published = buildPublished(new ContentSet(), 0);
  let loaded = false;
  const followers: (() => Promise<void>)[] = [];

  async function load(): Promise<void> {
    const version = await readVersion(o.db);
    if (!loaded || version !== current.version) {
      current = buildPublished(await readLiveSet(o.db), version, current);
      loaded = true;
    }
    for (const check of followers) await check();
  }

  // One load at a time; calls made during one share the next.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function reload(): Promise<void> {
    if (queued) return queued;
    if (!running) {
      running = load().finally(() => (running = null));
      return running;
    }
    queued = running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return reload();
      });
    return queued;
  }

  await reload();

  const flow = createFlow({
    db: o.db,
    now: o.now,
    fourEyes: o.fourEyes,
    notify,
    published: reload,
    preview: previewTokens(await previewKey(o.db, o.previewSecret)),
    previewTtlMs: o.previewTtlMs,
  });

  let ticking = false;
  async function tick(): Promise<void> {
    if (ticking) return;
    ticking = true;
    try {
      // A schedule that fails must not stop the version check, the safety net of every instance.
      await runDue({ db: o.db, now: o.now, notify, log: o.log }).catch((error: unknown) =>
        unlessFault(o.log)('running due schedules failed', error),
      );
      await reload();
    } finally {
      ticking = false;
    }
  }

  // While the database is down these fail every second: its outage is logged once, by db/health.ts.
  const background = unlessFault(o.log);
  let listener: Listener | null = null;
  if (o.target.kind === 'postgres')
    listener = listenForPublications(
      o.target,
      () => {
        reload().catch((error: unknown) => background('reloading the published set failed', error));
      },
      { warn: o.log, info: o.info ?? (() => undefined) },
    );
  const timer =
    o.pollMs > 0
      ? setInterval(() => {
          tick().catch((error: unknown) => background('the publishing tick failed', error));
        }, o.pollMs)
      : null;
  timer?.unref();

  return {
    published: () => current,
    load: async (rel) => current.file(rel),
    manifestTag: () => current.manifestTag,
    flow,
    imported,
    reload,
    follow: (check) => void followers.push(check),
    tick,
    wake() {
      listener?.wake();
      reload().catch((error: unknown) => background('reloading the published set failed', error));
    },
    // Not "is the set fresh": a reload that fails everywhere at once would then take every instance
    // out of the balancer; the last published set is better than none (docs/decisions.md).
    notReady: () =>
      !loaded
        ? 'the published set is not loaded yet'
        : current.manifest
          ? null
          : 'no valid manifest is published: the app has no routes to serve',
    async close() {
      if (timer) clearInterval(timer);
      await listener?.close();
      await running?.catch(() => undefined);
    },
  };
}
