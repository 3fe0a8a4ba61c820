// Baseline conflicts: a release changed a document that ops also changed (or the release's
// version has errors). Publishers see the diff and take the release's version or keep the live one.
import { useCallback, useEffect, useState } from 'react';
import type { StudioApi } from '../api';
import { lineDiff } from '../diff';
import { DiffView } from '../DiffView';
import { ProblemList } from '../ProblemList';
import { showTime } from './time';
import type { Conflict } from './types';

const WHY = {
  'live-changed': 'Ops changed it since the last release',
  errors: 'The checker refuses the release’s version',
};

export function ConflictsView({ api }: { api: StudioApi }) {
  const [list, setList] = useState<Conflict[] | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(async () => {
    const reply = await api.call<{ conflicts: Conflict[] }>('GET', '/conflicts');
    setList(reply.ok ? reply.body.conflicts : []);
  }, [api]);
  useEffect(() => void load(), [load]);

  async function resolve(c: Conflict, take: 'baseline' | 'live') {
    const reply = await api.call('POST', `/conflicts/${c.id}/resolve`, { take });
    setMessage(
      reply.ok
        ? `${c.name}: ${take === 'baseline' ? 'the release’s version is live' : 'the live version stays'}`
        : `Not resolved: ${reply.message}`,
    );
    await load();
  }

  return (
    <section className="studio-page-body" aria-label="Baseline conflicts">
      <h2>Release conflicts</h2>
      {message && <p role="status">{message}</p>}
      {list?.length === 0 && (
        <p className="studio-empty">No conflicts: every release change was published or settled.</p>
      )}
      {list?.map((c) => (
        <article key={c.id} className="studio-card" aria-label={`Conflict ${c.kind}/${c.name}`}>
          <h3>
            {c.kind === 'screen' ? `screen ${c.name}` : 'manifest'} — {WHY[c.reason]} (
            {showTime(c.createdAt, api.session.timeZone)})
          </h3>
          <DiffView rows={lineDiff(c.live?.text ?? '', c.baseline?.text ?? '')} label="Live → release" />
          {c.problems.length > 0 && (
            <ProblemList
              problems={c.problems}
              empty="The checker finds no problems."
              label="Checker findings"
            />
          )}
          {api.canPublish && (
            <div className="studio-dialog-actions">
              <button type="button" onClick={() => void resolve(c, 'live')}>
                Keep live
              </button>
              <button
                type="button"
                className="studio-primary"
                disabled={c.reason === 'errors'}
                onClick={() => void resolve(c, 'baseline')}
              >
                Take the release’s version
              </button>
            </div>
          )}
        </article>
      ))}
    </section>
  );
}
