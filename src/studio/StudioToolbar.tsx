// The studio's top bar: the open file, its draft's status, the checker's count, and the buttons
// that save, request review, show the history and the publications (split out of Studio.tsx,
// issue 27 item 6).
import type { ReactNode } from 'react';
import type { DraftInfo } from './api';

const STATUS: Record<string, string> = {
  draft: 'Draft',
  in_review: 'Draft in review',
  changes_requested: 'Draft sent back',
  scheduled: 'Draft scheduled',
};

interface Props {
  id: string;
  dirty: boolean;
  draft: DraftInfo | null;
  /** "2 errors, 1 warning", or "Checking…". */
  status: string;
  bad: boolean;
  usedBy: string[];
  kind: 'screen' | 'part';
  notice: string;
  /** More tools for this document (a part's "New screen from this part"). */
  extra?: ReactNode;
  url: string | null;
  saveBlocked: string | null;
  reviewable: boolean;
  onDialog(dialog: 'save' | 'history' | 'publications'): void;
  onRequestReview(): void;
}

export function StudioToolbar({
  id,
  dirty,
  draft,
  status,
  bad,
  usedBy,
  kind,
  notice,
  extra,
  url,
  saveBlocked,
  reviewable,
  onDialog,
  onRequestReview,
}: Props) {
  return (
    <header className="studio-tools">
      <span className="studio-file">
        screens/{id}.json{dirty ? ' • unsaved changes' : ''}
      </span>
      <span className="studio-draft" data-status={draft?.status ?? 'live'}>
        {draft ? (STATUS[draft.status] ?? draft.status) : 'Published version'}
      </span>
      <span className={`studio-status${bad ? ' studio-status-bad' : ''}`} role="status" aria-live="polite">
        {status}
      </span>
      {usedBy.length > 0 && (
        <span className="studio-used-by">
          {kind === 'part' ? 'Used by' : 'Variants'}: {usedBy.join(', ')}
        </span>
      )}
      {notice && <span className="studio-notice">{notice}</span>}
      {extra}
      {url && (
        <a href={url} target="_blank" rel="noopener">
          Open in app
        </a>
      )}
      <button
        type="button"
        disabled={saveBlocked !== null}
        title={saveBlocked ?? undefined}
        onClick={() => onDialog('history')}
      >
        History
      </button>
      <button type="button" onClick={() => onDialog('publications')}>
        Publications
      </button>
      <button
        type="button"
        className="studio-primary"
        disabled={saveBlocked !== null || !dirty}
        title={saveBlocked ?? (dirty ? undefined : 'Nothing to save')}
        onClick={() => onDialog('save')}
      >
        Save draft…
      </button>
      {draft && (
        <button
          type="button"
          disabled={!reviewable}
          title={reviewable ? undefined : 'Save the draft without errors first'}
          onClick={onRequestReview}
        >
          Request review
        </button>
      )}
      {draft && <a href={`#/review/${draft.id}`}>Draft page</a>}
    </header>
  );
}
