// Save: what changes (a line diff against the file as it was opened), then the server's answer.
// The server checks the document again and refuses one with errors.
import { useMemo, useState } from 'react';
import type { SaveResult, StudioApi } from './api';
import { Dialog } from './Dialog';
import { changedLines, lineDiff } from './diff';
import { DiffView } from './DiffView';
import type { Problem } from '../checker/checkText';

interface Props {
  api: StudioApi;
  id: string;
  before: string;
  after: string;
  etag: string | null;
  /** The editor's errors: a document with errors is not sent at all. */
  errors: readonly Problem[];
  onSaved(text: string, etag: string): void;
  onClose(): void;
}

export function SaveDialog({ api, id, before, after, etag, errors, onSaved, onClose }: Props) {
  const rows = useMemo(() => lineDiff(before, after), [before, after]);
  const [state, setState] = useState<{ busy: boolean; result: SaveResult | null }>({
    busy: false,
    result: null,
  });
  const changed = changedLines(rows);
  const failed = state.result && !state.result.ok ? state.result : null;

  async function save() {
    setState({ busy: true, result: null });
    const result = await api.save(id, after, etag).catch((error: unknown): SaveResult => ({
      ok: false,
      status: 0,
      message: `Could not reach the server: ${String(error)}`,
      problems: [],
    }));
    setState({ busy: false, result });
    if (result.ok) onSaved(after, result.etag);
  }

  return (
    <Dialog title={`Save screens/${id}.json`} onClose={onClose}>
      <p>
        {changed === 0
          ? 'Nothing changed.'
          : `${changed} line${changed === 1 ? '' : 's'} changed. Borrowers get this version on their next visit.`}
      </p>
      <DiffView rows={rows} label="Changes" />
      {errors.length > 0 && (
        <div className="studio-alert" role="alert">
          <strong>
            Cannot save: the document has {errors.length} error{errors.length === 1 ? '' : 's'}. Fix{' '}
            {errors.length === 1 ? 'it' : 'them'} first.
          </strong>
          <ul>
            {errors.map((p, i) => (
              <li key={i}>
                Line {p.line}:{p.column} {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failed && (
        <div className="studio-alert" role="alert">
          <strong>Not saved: {failed.message}</strong>
          <ul>
            {failed.problems.map((p, i) => (
              <li key={i}>
                Line {p.line}:{p.column} {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="studio-dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="studio-primary"
          disabled={state.busy || changed === 0 || errors.length > 0}
          onClick={() => void save()}
        >
          {state.busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </Dialog>
  );
}
