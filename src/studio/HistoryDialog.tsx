// The screen's revisions (every save, publication and baseline import, kept by the server and
// never rewritten): see what one differs from the text in the editor, and put it back in the
// editor, to be saved as a draft and reviewed like any change.
import { useEffect, useMemo, useState } from 'react';
import type { HistoryEntry, StudioApi } from './api';
import { Dialog } from './Dialog';
import { lineDiff } from './diff';
import { DiffView } from './DiffView';
import { showTime } from './publishing/time';

interface Props {
  api: StudioApi;
  id: string;
  current: string;
  /** The editor has unsaved changes (a restore replaces them). */
  dirty: boolean;
  onRestore(text: string): void;
  onClose(): void;
}

export function HistoryDialog({ api, id, current, dirty, onRestore, onClose }: Props) {
  const [revisions, setRevisions] = useState<HistoryEntry[] | null>(null);
  const [selected, setSelected] = useState<{ id: number; text: string } | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    void api.history(id).then(setRevisions);
  }, [api, id]);

  const rows = useMemo(() => (selected ? lineDiff(current, selected.text) : []), [current, selected]);

  async function view(revision: number) {
    const text = await api.revisionText(revision);
    if (text !== null) setSelected({ id: revision, text });
    else setMessage(`Could not load revision ${revision}`);
  }

  async function restore(revision: number) {
    if (dirty && !window.confirm('Put this version in the editor? Your unsaved changes will be lost.'))
      return;
    const text = await api.revisionText(revision);
    if (text === null) setMessage(`Could not load revision ${revision}`);
    else onRestore(text);
  }

  return (
    <Dialog title={`History of screens/${id}.json`} onClose={onClose}>
      {revisions === null && <p>Loading…</p>}
      <ul className="studio-history" aria-label="Versions">
        {revisions?.map((r) => (
          <li key={r.id} aria-current={selected?.id === r.id ? 'true' : undefined}>
            <span>
              #{r.id} {showTime(r.createdAt, api.session.timeZone)} by {r.author}
              {r.live ? ' (live)' : r.published ? ' (published before)' : ''}
              {r.message ? `: ${r.message}` : ''}
            </span>
            <button type="button" onClick={() => void view(r.id)}>
              Compare
            </button>
            <button type="button" onClick={() => void restore(r.id)}>
              Restore
            </button>
          </li>
        ))}
      </ul>
      {message && (
        <p className="studio-alert" role="alert">
          {message}
        </p>
      )}
      {selected && (
        <>
          <p>Lines marked − are in the editor now; lines marked + are in this version.</p>
          <DiffView rows={rows} label="Differences" />
        </>
      )}
    </Dialog>
  );
}
