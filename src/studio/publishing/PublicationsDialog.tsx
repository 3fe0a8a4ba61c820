// A document's publications, newest first. A publisher republishes an earlier one with one
// action (rollback): a new publication in the log; history is never rewritten.
import { useCallback, useEffect, useState } from 'react';
import type { StudioApi } from '../api';
import { Dialog } from '../Dialog';
import { showTime } from './time';
import type { Publication } from './types';

const REASON: Record<string, string> = {
  review: 'approved',
  schedule: 'on schedule',
  rollback: 'rollback',
  baseline: 'release',
  'promotion-end': 'promotion ended',
  experiment: 'experiment winner',
};

export function PublicationsDialog({
  api,
  kind,
  name,
  onChanged,
  onClose,
}: {
  api: StudioApi;
  kind: string;
  name: string;
  onChanged(): void;
  onClose(): void;
}) {
  const [list, setList] = useState<Publication[] | null>(null);
  const [message, setMessage] = useState('');
  const path = `/documents/${kind}/${encodeURIComponent(name)}`;
  const load = useCallback(async () => {
    const reply = await api.call<{ publications: Publication[] }>('GET', `${path}/publications`);
    setList(reply.ok ? reply.body.publications : []);
  }, [api, path]);
  useEffect(() => void load(), [load]);
  const zone = api.session.timeZone;
  const liveRevision = list?.[0]?.revisionId;

  async function republish(p: Publication) {
    if (!window.confirm(`Publish revision #${p.revisionId} again? Borrowers get it on their next load.`))
      return;
    const reply = await api.call('POST', `${path}/rollback`, { revisionId: p.revisionId });
    setMessage(reply.ok ? `Revision #${p.revisionId} is live again` : `Not rolled back: ${reply.message}`);
    await load();
    if (reply.ok) onChanged();
  }

  return (
    <Dialog
      title={`Publications of ${kind === 'manifest' ? 'the manifest' : `${kind} ${name}`}`}
      onClose={onClose}
    >
      {message && <p role="status">{message}</p>}
      {list === null && <p>Loading…</p>}
      <ul className="studio-history" aria-label="Publications">
        {list?.map((p, i) => (
          <li key={p.id}>
            <span>
              {showTime(p.publishedAt, zone)} revision #{p.revisionId} by {p.publishedBy} (
              {REASON[p.reason] ?? p.reason}){i === 0 ? ' — live' : ''}
              {p.message ? `: ${p.message}` : ''}
            </span>
            {api.canPublish && p.revisionId !== liveRevision && (
              <button type="button" onClick={() => void republish(p)}>
                Republish
              </button>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
