// Every rollout and experiment, newest first, with where it stands; publishers start new ones.
import { useCallback, useEffect, useState } from 'react';
import type { StudioApi } from '../api';
import { showTime } from '../publishing/time';
import { NewExperimentForm } from './NewExperimentForm';
import './experiments.css';
import { STATUS_BADGE, STATUS_LABEL, armName, type Experiment } from './types';

export function ExperimentsView({ api }: { api: StudioApi }) {
  const [list, setList] = useState<Experiment[] | null>(null);
  const [creating, setCreating] = useState(false);
  const zone = api.session.timeZone;
  const load = useCallback(async () => {
    const reply = await api.call<{ experiments: Experiment[] }>('GET', '/experiments');
    setList(reply.ok ? reply.body.experiments : []);
  }, [api]);
  useEffect(() => void load(), [load]);

  return (
    <section className="studio-page-body" aria-label="Experiments">
      <div className="studio-toolbar">
        <h2>Rollouts and experiments</h2>
        {api.canPublish && !creating && (
          <button type="button" className="studio-primary" onClick={() => setCreating(true)}>
            New experiment or rollout…
          </button>
        )}
      </div>
      <p className="studio-hint">
        A staged rollout shows a new revision of a screen to a share of borrowers; an experiment shows two or
        more revisions with set weights. Each borrower keeps their arm on every visit. Times are in {zone}.
      </p>
      {creating && (
        <NewExperimentForm
          api={api}
          onCancel={() => setCreating(false)}
          onStarted={(id) => (window.location.hash = `#/experiment/${id}`)}
        />
      )}
      {list === null && <p className="studio-loading">Loading…</p>}
      {list?.length === 0 && <p className="studio-empty">No experiment has run yet.</p>}
      {list && list.length > 0 && (
        <table className="studio-table" aria-label="Experiments">
          <thead>
            <tr>
              <th>Experiment</th>
              <th>Screen</th>
              <th>Arms</th>
              <th>Status</th>
              <th>Started ({zone})</th>
            </tr>
          </thead>
          <tbody>
            {list.map((e) => (
              <tr key={e.id}>
                <td>
                  <a href={`#/experiment/${e.id}`}>
                    {e.name} (#{e.id})
                  </a>{' '}
                  {e.kind === 'rollout' ? '· rollout' : ''}
                </td>
                <td>{e.screen}</td>
                <td>{e.arms.map((a) => `${armName(a.arm)} ${a.weight}%`).join(', ')}</td>
                <td>
                  <span className="studio-badge" data-status={STATUS_BADGE[e.status]}>
                    {STATUS_LABEL[e.status]}
                  </span>
                  {e.winner ? ` · ${armName(e.winner)} won` : ''}
                </td>
                <td>
                  {showTime(e.startedAt, zone)} by {e.startedBy}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
