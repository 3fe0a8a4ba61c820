// Host.track and Host.report. With an endpoint configured (trackUrl, reportUrl) each event goes as
// a beacon (fire and forget, survives page unload); without one, events are logged in development
// and problems are always logged. Business analytics that the spec defines as API calls
// (/service/event/save, promotion track-visit/track-click) are `call` actions in the documents,
// not Host.track.
import type { Problem } from '../../renderer/host';

export interface TelemetryDeps {
  trackUrl: string;
  reportUrl: string;
  dev: boolean;
  sendBeacon?: (url: string, data: Blob) => boolean;
  log?: (...args: unknown[]) => void;
  warn?: (...args: unknown[]) => void;
  now?: () => number;
}

export function createTelemetry(deps: TelemetryDeps) {
  const log = deps.log ?? console.info;
  const warn = deps.warn ?? console.warn;
  const now = deps.now ?? Date.now;
  const beacon = (url: string, body: unknown): void => {
    if (!url || !deps.sendBeacon) return;
    try {
      deps.sendBeacon(url, new Blob([JSON.stringify(body)], { type: 'application/json' }));
    } catch {
      // Telemetry never breaks the page.
    }
  };
  return {
    track(event: string, payload?: Record<string, unknown>): void {
      if (deps.trackUrl) beacon(deps.trackUrl, { event, payload: payload ?? {}, at: now() });
      else if (deps.dev) log('track', event, payload ?? {});
    },
    report(problem: Problem): void {
      warn(`[screen ${problem.screenId}] ${problem.code} at ${problem.blockPath}: ${problem.message}`);
      beacon(deps.reportUrl, { ...problem, at: now() });
    },
  };
}
