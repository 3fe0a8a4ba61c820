// The audit log: who did what, when, to what; filtered by actor, action, target and time range
// (in the lender's zone), paged, and exported as CSV with the same filters.
import { useCallback, useEffect, useState } from 'react';
import type { StudioApi } from '../api';
import { showTime, zonedIso } from './time';
import type { AuditEntry } from './types';
import { WhenInput } from './WhenInput';
import { AuditDetail } from './AuditDetail';

const EMPTY = { actor: '', action: '', target: '', from: '', to: '' };

export function AuditView({ api }: { api: StudioApi }) {
  const zone = api.session.timeZone;
  const [filters, setFilters] = useState(EMPTY);
  const [applied, setApplied] = useState(EMPTY);
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState('');

  const query = (f: typeof EMPTY) => {
    const q = new URLSearchParams();
    for (const key of ['actor', 'action', 'target'] as const) if (f[key].trim()) q.set(key, f[key].trim());
    const from = zonedIso(f.from, zone);
    const to = zonedIso(f.to, zone);
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    return q;
  };
  const load = useCallback(
    async (before: number | null) => {
      const q = query(applied);
      q.set('limit', '100');
      if (before) q.set('before', String(before));
      const reply = await api.call<{ entries: AuditEntry[]; next: number | null }>('GET', `/audit?${q}`);
      if (!reply.ok) return setError(reply.message);
      setError('');
      setEntries((prev) => (before ? [...prev, ...reply.body.entries] : reply.body.entries));
      setNext(reply.body.next);
    },
    // query reads only `applied` and the zone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, applied, zone],
  );
  useEffect(() => void load(null), [load]);
  const set = (key: keyof typeof EMPTY) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <section className="studio-page-body" aria-label="Audit log">
      <h2>Audit log</h2>
      <form
        className="studio-filters"
        aria-label="Filter"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filters);
        }}
      >
        <label className="studio-field">
          Who{' '}
          <input value={filters.actor} placeholder="editor" onChange={(e) => set('actor')(e.target.value)} />
        </label>
        <label className="studio-field">
          Action{' '}
          <input
            value={filters.action}
            placeholder="draft.*"
            onChange={(e) => set('action')(e.target.value)}
          />
        </label>
        <label className="studio-field">
          Target{' '}
          <input
            value={filters.target}
            placeholder="screen:loan-details"
            onChange={(e) => set('target')(e.target.value)}
          />
        </label>
        <WhenInput label="From" value={filters.from} zone={zone} onChange={set('from')} />
        <WhenInput label="To" value={filters.to} zone={zone} onChange={set('to')} />
        <button type="submit" className="studio-primary">
          Filter
        </button>
        <a className="studio-button-link" href={`/studio/api/audit.csv?${query(applied)}`} download>
          Export CSV
        </a>
      </form>
      {error && (
        <p className="studio-alert" role="alert">
          {error}
        </p>
      )}
      <table className="studio-table" aria-label="Audit entries">
        <thead>
          <tr>
            <th>When ({zone})</th>
            <th>Who</th>
            <th>Action</th>
            <th>Target</th>
            <th>Detail</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>
                <time dateTime={e.at}>{showTime(e.at, zone)}</time>
              </td>
              <td>{e.actor}</td>
              <td>{e.action}</td>
              <td>{e.target}</td>
              <td>
                <AuditDetail detail={e.detail} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length === 0 && !error && <p className="studio-empty">No entries match.</p>}
      {next !== null && (
        <button type="button" onClick={() => void load(next)}>
          Older entries
        </button>
      )}
    </section>
  );
}
