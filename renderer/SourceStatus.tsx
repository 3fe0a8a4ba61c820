// What a screen shows in place of its body while its required sources load, or when one failed.
import type { SourceState } from './sources';

function labels(states: readonly SourceState[]): string {
  return [...new Set(states.map((s) => s.label).filter(Boolean))].join(' and ');
}

/**
 * The status in place of the body, or null when every required source is ready: the body shows.
 * A source that is slow (renderer/sources.ts) adds that it is taking long, and Try again.
 */
export function sourceStatus(states: readonly SourceState[], retry: () => void) {
  const required = states.filter((s) => s.required);
  const again = (
    <button type="button" className="screen-status-retry" onClick={retry}>
      Try again
    </button>
  );
  const waiting = required.filter((s) => s.status === 'loading' || s.status === 'slow');
  if (waiting.length > 0) {
    const what = labels(waiting);
    const slow = waiting.some((s) => s.status === 'slow');
    return (
      <div className="screen-status" role="status" aria-busy="true" data-sources={slow ? 'slow' : 'loading'}>
        <span className="screen-status-spinner" aria-hidden="true" />
        {what ? `Loading ${what}…` : 'Loading…'}
        {slow && <p>This is taking longer than usual.</p>}
        {slow && again}
      </div>
    );
  }
  const failed = required.filter((s) => s.status === 'failed');
  if (failed.length === 0) return null;
  const what = labels(failed);
  const details = [...new Set(failed.map((s) => s.detail).filter(Boolean))];
  return (
    <div className="screen-status is-failed" role="alert" data-sources="failed">
      <p className="screen-status-title">
        {what ? `We could not load ${what}.` : 'This page could not be loaded.'}
      </p>
      {details.map((detail) => (
        <p key={detail} className="screen-status-detail">
          {detail}
        </p>
      ))}
      {again}
    </div>
  );
}
