// What is going to happen on its own: drafts scheduled to publish, and live promotions with an
// end. Publishers unschedule, or move or cancel an end. Times in the lender's zone.
import { useCallback, useEffect, useState } from 'react';
import type { StudioApi } from '../api';
import { showTime, zonedIso } from './time';
import type { Draft, Publication } from './types';
import { WhenInput } from './WhenInput';

export function SchedulesView({ api }: { api: StudioApi }) {
  const [data, setData] = useState<{ publications: Draft[]; ends: Publication[] } | null>(null);
  const [message, setMessage] = useState('');
  const [moving, setMoving] = useState<{ id: number; value: string } | null>(null);
  const zone = api.session.timeZone;
  const load = useCallback(async () => {
    const reply = await api.call<{ publications: Draft[]; ends: Publication[] }>('GET', '/schedules');
    setData(reply.ok ? reply.body : { publications: [], ends: [] });
  }, [api]);
  useEffect(() => void load(), [load]);

  const act = async (method: string, path: string, body: unknown, done: string) => {
    const reply = await api.call(method, path, body);
    setMessage(reply.ok ? done : `Not done: ${reply.message}`);
    setMoving(null);
    await load();
  };
  const label = (kind: string, name: string) => (kind === 'screen' ? name : 'manifest');

  return (
    <section className="studio-page-body" aria-label="Schedules">
      <h2>Scheduled publications</h2>
      <p className="studio-hint">Times are in {zone}.</p>
      {message && <p role="status">{message}</p>}
      {data?.publications.length === 0 && <p className="studio-empty">Nothing is scheduled.</p>}
      <ul className="studio-rows" aria-label="Scheduled publications">
        {data?.publications.map((d) => (
          <li key={d.id}>
            <span>
              <strong>{showTime(d.publishAt, zone)}</strong>{' '}
              <a href={`#/review/${d.id}`}>{label(d.kind, d.name)}</a> (draft #{d.id}, approved by{' '}
              {d.scheduledBy}){d.endsAt ? `, ends ${showTime(d.endsAt, zone)}` : ''}
            </span>
            {api.canPublish && (
              <button
                type="button"
                onClick={() => void act('POST', `/drafts/${d.id}/unschedule`, {}, 'Unscheduled')}
              >
                Unschedule
              </button>
            )}
          </li>
        ))}
      </ul>
      <h2>Promotions that end</h2>
      {data?.ends.length === 0 && <p className="studio-empty">No live promotion has an end.</p>}
      <ul className="studio-rows" aria-label="Promotion ends">
        {data?.ends.map((p) => (
          <li key={p.id}>
            <span>
              <strong>{showTime(p.endsAt, zone)}</strong> {label(p.kind, p.name)} ends, then{' '}
              {p.endFallback && p.endFallback !== 'previous'
                ? `the ${p.endFallback.replace(':', ' ')}`
                : 'the version before it'}
            </span>
            {api.canPublish && moving?.id === p.id && (
              <>
                <WhenInput
                  label="New end"
                  value={moving.value}
                  zone={zone}
                  onChange={(value) => setMoving({ id: p.id, value })}
                />
                <button
                  type="button"
                  disabled={!zonedIso(moving.value, zone)}
                  onClick={() =>
                    void act(
                      'PUT',
                      `/publications/${p.id}/end`,
                      { endsAt: zonedIso(moving.value, zone), endFallback: p.endFallback ?? 'previous' },
                      'End moved',
                    )
                  }
                >
                  Save
                </button>
              </>
            )}
            {api.canPublish && moving?.id !== p.id && (
              <button type="button" onClick={() => setMoving({ id: p.id, value: '' })}>
                Move end
              </button>
            )}
            {api.canPublish && (
              <button
                type="button"
                onClick={() =>
                  void act(
                    'PUT',
                    `/publications/${p.id}/end`,
                    { endsAt: null },
                    'End cancelled: it stays live',
                  )
                }
              >
                Cancel end
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
