// Everything the previewed screen asked of the world, newest last: calls with what was sent and
// answered, bridge calls, navigations, toasts, storage writes. Nothing of it really happened.
import type { LogEntry } from './shared/protocol';

const LABELS: Record<LogEntry['kind'], string> = {
  call: 'API',
  bridge: 'Bridge',
  navigate: 'Navigate',
  back: 'Back',
  toast: 'Toast',
  storage: 'Storage',
  copy: 'Copy',
  track: 'Track',
  problem: 'Problem',
  alert: 'Alert',
};

export function LogPanel({ entries, onClear }: { entries: readonly LogEntry[]; onClear(): void }) {
  return (
    <div className="studio-log">
      <div className="studio-log-bar">
        <span>
          {entries.length} event{entries.length === 1 ? '' : 's'} (nothing is sent: calls are answered by the
          scenario)
        </span>
        <button type="button" onClick={onClear}>
          Clear
        </button>
      </div>
      <ol aria-label="Actions log">
        {entries.map((e) => (
          <li
            key={e.seq}
            className={`studio-log-entry${e.failed ? ' studio-log-failed' : ''}`}
            data-kind={e.kind}
          >
            <details>
              <summary>
                <span className="studio-log-time">{(e.at / 1000).toFixed(2)}s</span>
                <span className="studio-log-kind">{LABELS[e.kind]}</span>
                <span className="studio-log-summary">{e.summary}</span>
              </summary>
              {e.detail !== undefined && <pre>{JSON.stringify(e.detail, null, 2)}</pre>}
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}
