// Earlier versions of the screen (kept by the server at each save): see what differs from the
// text in the editor, and restore one (which keeps the current version in the history too).
import { useEffect, useMemo, useState } from 'react';
import type { HistoryEntry, StudioApi } from './api';
import { Dialog } from './Dialog';
import { lineDiff } from './diff';
import { DiffView } from './DiffView';

interface Props {
  api: StudioApi;
  id: string;
  current: string;
  etag: string | null;
  /** The editor has unsaved changes (a restore replaces them). */
  dirty: boolean;
  onRestored(): void;
  onClose(): void;
}

const when = (iso: string) => new Date(iso).toLocaleString();

export function HistoryDialog({ api, id, current, etag, dirty, onRestored, onClose }: Props) {
  const [versions, setVersions] = useState<HistoryEntry[] | null>(null);
  const [selected, setSelected] = useState<{ version: string; text: string } | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    void api.history(id).then(setVersions);
  }, [api, id]);

  const rows = useMemo(() => (selected ? lineDiff(current, selected.text) : []), [current, selected]);

  async function view(version: string) {
    const text = await api.version(id, version);
    if (text !== null) setSelected({ version, text });
  }

  async function restore(version: string) {
    if (dirty && !window.confirm('Restore this version? Your unsaved changes will be lost.')) return;
    const result = await api.restore(id, version, etag);
    if (result.ok) onRestored();
    else
      setMessage(
        `Not restored: ${result.message}${result.problems.map((p) => `; line ${p.line}: ${p.message}`).join('')}`,
      );
  }

  return (
    <Dialog title={`History of screens/${id}.json`} onClose={onClose}>
      {versions === null && <p>Loading…</p>}
      {versions?.length === 0 && (
        <p>No earlier versions: the history starts with the first save from the studio.</p>
      )}
      <ul className="studio-history" aria-label="Versions">
        {versions?.map((v) => (
          <li key={v.version} aria-current={selected?.version === v.version ? 'true' : undefined}>
            <span>
              Replaced {when(v.savedAt)} ({(v.size / 1024).toFixed(1)} KB)
            </span>
            <button type="button" onClick={() => void view(v.version)}>
              Compare
            </button>
            <button type="button" onClick={() => void restore(v.version)}>
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
