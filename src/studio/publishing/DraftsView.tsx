// Every open draft with its status: publishers find what waits for review; editors see where
// their drafts stand and the reviewer's comment.
import { useEffect, useState } from 'react';
import type { StudioApi } from '../api';
import { showTime } from './time';
import { STATUS_LABEL, type Draft } from './types';

export function DraftsView({ api }: { api: StudioApi }) {
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [status, setStatus] = useState('open');
  useEffect(() => {
    void api
      .call<{ drafts: Draft[] }>('GET', `/drafts?status=${status}`)
      .then((r) => setDrafts(r.ok ? r.body.drafts : []));
  }, [api, status]);
  const zone = api.session.timeZone;
  const me = api.session.account.username;

  return (
    <section className="studio-page-body" aria-label="Drafts">
      <div className="studio-toolbar">
        <h2>Drafts</h2>
        <label>
          Show{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="open">open drafts</option>
            <option value="in_review">waiting for review</option>
            <option value="scheduled">scheduled</option>
            <option value="all">all, published and discarded too</option>
          </select>
        </label>
      </div>
      {drafts === null && <p className="studio-loading">Loading…</p>}
      {drafts?.length === 0 && <p className="studio-empty">No drafts here.</p>}
      {drafts && drafts.length > 0 && (
        <table className="studio-table">
          <thead>
            <tr>
              <th>Document</th>
              <th>Status</th>
              <th>Authors</th>
              <th>Last saved ({zone})</th>
              <th>Reviewer’s comment</th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((d) => (
              <tr key={d.id}>
                <td>
                  <a href={`#/review/${d.id}`}>
                    {d.kind === 'manifest' ? 'manifest' : d.kind === 'part' ? `part ${d.name}` : d.name} (#
                    {d.id})
                  </a>
                </td>
                <td>
                  <span className="studio-badge" data-status={d.status}>
                    {STATUS_LABEL[d.status]}
                  </span>
                  {d.status === 'scheduled' && ` for ${showTime(d.publishAt, zone)}`}
                </td>
                <td>
                  {d.authors.join(', ')}
                  {d.authors.includes(me) ? ' (you)' : ''}
                </td>
                <td>{showTime(d.updatedAt, zone)}</td>
                <td>{d.reviewComment ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
