// What a screen shows in place of its body while its required sources load, or when one failed;
// and, above the body, while an optional source that says what it `loads` is still out (the body
// does not wait for it, but a page whose blocks all wait for its data must not look blank).
import type { SourceState } from './sources';
import type { ReactNode } from 'react';

const isWaiting = (s: SourceState) => s.status === 'loading' || s.status === 'slow';

function loadingLine(waiting: readonly SourceState[], again: ReactNode) {
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
  const waiting = required.filter(isWaiting);
  if (waiting.length > 0) return loadingLine(waiting, again);
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

/** Above the body: the optional sources with a `loads` label that are still out, or null. */
export function optionalStatus(states: readonly SourceState[], retry: () => void) {
  const waiting = states.filter((s) => !s.required && s.label !== '' && isWaiting(s));
  if (waiting.length === 0) return null;
  const again = (
    <button type="button" className="screen-status-retry" onClick={retry}>
      Try again
    </button>
  );
  return loadingLine(waiting, again);
}
