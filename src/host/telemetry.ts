// Host.track and Host.report, and the built-in events (screen views, API results, block errors).
// Events wait in a queue and leave in batches for config.trackUrl (the reference server's
// /api/events): a fetch in the background, one at a time, and everything left by sendBeacon when
// the page is hidden. Nothing here runs on a tap's or a navigation's path but a push onto the
// queue. A failed send is retried twice with a growing delay, then dropped; a refused batch is
// dropped at once; the queue keeps the newest 200 events. Without a trackUrl events are logged in
// development. Business analytics that the spec defines as API calls (/service/event/save,
// promotion track-visit/track-click) are `call` actions in the documents, not Host.track.
import type { ApiCall, ApiResult, Problem } from '../../renderer/host';

export interface TelemetryDeps {
  trackUrl: string;
  reportUrl: string;
  dev: boolean;
  sendBeacon?: (url: string, data: Blob) => boolean;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** The native app's device id, if the page has one: the server scrubs it out of what the events carry (the key is its cookie). */
  device?: () => string | undefined;
  log?: (...args: unknown[]) => void;
  warn?: (...args: unknown[]) => void;
  now?: () => number;
}

/** Which version of a screen is shown (the page and /screens/ say, src/server/events/revision.ts). */
export interface ScreenVersion {
  revision?: string;
  variant?: string;
}

interface TrackEvent extends ScreenVersion {
  name: string;
  at: number;
  screen: string;
  label?: string;
  props?: Record<string, unknown>;
}

export const BATCH_SIZE = 20;
export const SEND_DELAY_MS = 2000;
const MAX_QUEUE = 200;
const TRIES = 3;

export function createTelemetry(deps: TelemetryDeps) {
  const url = deps.trackUrl;
  const log = deps.log ?? console.info;
  const warn = deps.warn ?? console.warn;
  const now = deps.now ?? Date.now;
  let shown: ScreenVersion & { screen: string } = { screen: '' };
  let queue: TrackEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  let failures = 0;

  const body = (events: TrackEvent[]) =>
    new Blob([JSON.stringify({ sentAt: now(), device: deps.device?.(), events })], {
      type: 'application/json',
    });

  function schedule(ms: number): void {
    if (sending || !queue.length) return;
    clearTimeout(timer);
    timer = setTimeout(send, ms);
  }

  async function send(): Promise<void> {
    timer = undefined;
    const batch = queue.splice(0, BATCH_SIZE);
    sending = true;
    let again: boolean;
    try {
      const status = (await deps.fetch!(url, { method: 'POST', body: body(batch), keepalive: true })).status;
      again = status >= 500 || status === 408 || status === 429;
    } catch {
      again = true;
    }
    sending = false;
    // A refused batch (4xx) would be refused again: dropped. A failure is retried, then dropped.
    if (again && ++failures < TRIES) queue = [...batch, ...queue];
    else failures = 0;
    schedule(failures ? SEND_DELAY_MS * 2 ** failures : queue.length >= BATCH_SIZE ? 0 : SEND_DELAY_MS);
  }

  function push(name: string, label?: string, props?: Record<string, unknown>, screen = shown.screen): void {
    if (!url || !deps.fetch) {
      if (deps.dev) log('track', name, props ?? {});
      return;
    }
    queue.push({ ...shown, screen, name, at: now(), label, props });
    if (queue.length > MAX_QUEUE) queue.shift();
    // A full batch leaves at once, unless a failure's back-off is running.
    const full = queue.length >= BATCH_SIZE && !failures;
    if (!timer || full) schedule(full ? 0 : SEND_DELAY_MS);
  }

  return {
    track(event: string, payload?: Record<string, unknown>): void {
      push(event, undefined, payload);
    },
    report(problem: Problem): void {
      warn(`[screen ${problem.screenId}] ${problem.code} at ${problem.blockPath}: ${problem.message}`);
      // The message may quote the screen's data: only the code and the place are kept.
      push('block_error', `${problem.code} ${problem.blockPath}`, undefined, problem.screenId);
      if (deps.reportUrl && deps.sendBeacon)
        try {
          deps.sendBeacon(
            deps.reportUrl,
            new Blob([JSON.stringify({ ...problem, at: now() })], { type: 'application/json' }),
          );
        } catch {
          // Telemetry never breaks the page.
        }
    },
    /** A screen is shown (once per visit): what follows belongs to it. */
    view(screen: string, version: ScreenVersion = {}): void {
      shown = { screen, ...version };
      push('screen_view');
    },
    /** Every API call's outcome, per endpoint. */
    api(call: ApiCall, result: ApiResult): void {
      push(result.ok ? 'api_ok' : 'api_fail', call.path, {
        api: call.api,
        code: result.code,
        network: result.network,
      });
    },
    /** The page is being hidden (maybe for good): whatever waits leaves now, by beacon. */
    hide(): void {
      clearTimeout(timer);
      timer = undefined;
      while (queue.length && deps.sendBeacon) {
        try {
          if (!deps.sendBeacon(url, body(queue.slice(0, BATCH_SIZE)))) break;
        } catch {
          break;
        }
        queue.splice(0, BATCH_SIZE);
      }
      // Kept for when the page comes back, if the beacon could not take it.
      schedule(SEND_DELAY_MS);
    },
  };
}

export type Telemetry = ReturnType<typeof createTelemetry>;
