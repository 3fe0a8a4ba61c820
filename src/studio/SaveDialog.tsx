// Save a draft: what changes (a line diff against the version it builds on), a note for the
// reviewer, then the server's answer. Borrowers keep the published version until a publisher
// approves the draft. The studio does not send a document with errors. "Save and request review"
// saves, then asks for the review with the same note, as the toolbar's Request review would: a
// publisher still approves it (a save alone keeps the draft the editor's to work on).
import { useMemo, useState } from 'react';
import type { DraftInfo, SaveResult, StudioApi } from './api';
import { AffectedScreens } from './AffectedScreens';
import { Dialog } from './Dialog';
import { changedLines, lineDiff } from './diff';
import { DiffView } from './DiffView';
import type { Problem } from '../../renderer/validate/problem';

interface Props {
  api: StudioApi;
  id: string;
  before: string;
  after: string;
  parentRevisionId: number | null;
  /** The editor's errors: a document with errors is not sent at all. */
  errors: readonly Problem[];
  /** The screens drawn from this document (using the part, variants of the screen). */
  affected?: readonly string[];
  kind?: 'screen' | 'part';
  /** `review`: the answer to the review asked for with the save, when it was. */
  onSaved(
    text: string,
    revisionId: number | null,
    draft: DraftInfo | null,
    review?: { ok: boolean; message: string },
  ): void;
  onClose(): void;
}

export function SaveDialog({
  api,
  id,
  before,
  after,
  parentRevisionId,
  errors,
  affected = [],
  kind = 'screen',
  onSaved,
  onClose,
}: Props) {
  const rows = useMemo(() => lineDiff(before, after), [before, after]);
  const [note, setNote] = useState('');
  const [state, setState] = useState<{ busy: false | 'save' | 'review'; result: SaveResult | null }>({
    busy: false,
    result: null,
  });
  const changed = changedLines(rows);
  const failed = state.result && !state.result.ok ? state.result : null;

  async function save(review = false) {
    setState({ busy: review ? 'review' : 'save', result: null });
    const result = await api.save(id, after, parentRevisionId, note).catch((error: unknown): SaveResult => ({
      ok: false,
      status: 0,
      message: `Could not reach the server: ${String(error)}`,
      problems: [],
    }));
    if (!result.ok || !review || !result.draft) {
      setState({ busy: false, result });
      if (result.ok) onSaved(after, result.revisionId, result.draft);
      return;
    }
    // Saved: the review is asked for while the buttons stay busy, then the dialog closes.
    const asked = await api.requestReview(result.draft.id, note).catch((error: unknown) => ({
      ok: false,
      message: `Could not reach the server: ${String(error)}`,
      draft: undefined,
    }));
    onSaved(after, result.revisionId, asked.draft ?? result.draft, { ok: asked.ok, message: asked.message });
  }
  const blocked = state.busy !== false || changed === 0 || errors.length > 0;

  return (
    <Dialog title={`Save a draft of screens/${id}.json`} onClose={onClose}>
      <p>
        {changed === 0
          ? 'Nothing changed.'
          : `${changed} line${changed === 1 ? '' : 's'} changed. Saved as a draft: borrowers keep the published version until a publisher approves it.`}
      </p>
      <DiffView rows={rows} label="Changes" />
      <AffectedScreens
        screens={affected}
        title={`Once published, this changes ${affected.length === 1 ? 'the screen' : `${affected.length} screens`} ${kind === 'part' ? 'that use this part' : 'that are variants of this one'}:`}
      />
      <label className="studio-note">
        What changed, for the reviewer
        <input
          value={note}
          maxLength={1000}
          // The dialog opens with the focus here (Ctrl+S, type, Enter: saved without the mouse).
          autoFocus
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !blocked) void save();
          }}
        />
      </label>
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
        <button type="button" disabled={blocked} onClick={() => void save(true)}>
          {state.busy === 'review' ? 'Saving…' : 'Save and request review'}
        </button>
        <button type="button" className="studio-primary" disabled={blocked} onClick={() => void save()}>
          {state.busy === 'save' ? 'Saving…' : 'Save draft'}
        </button>
      </div>
    </Dialog>
  );
}
