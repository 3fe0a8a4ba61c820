// Send a draft back to its authors with a comment (required: they need to know what to change).
import { useState } from 'react';
import type { StudioApi } from '../api';

export function SendBackForm({
  api,
  draftId,
  onDone,
}: {
  api: StudioApi;
  draftId: number;
  onDone(message: string): void;
}) {
  const [comment, setComment] = useState('');
  const [state, setState] = useState({ busy: false, error: '' });

  async function sendBack() {
    setState({ busy: true, error: '' });
    const reply = await api.call('POST', `/drafts/${draftId}/send-back`, { comment: comment.trim() });
    setState({ busy: false, error: reply.ok ? '' : reply.message });
    if (reply.ok) onDone('Sent back to the author with your comment');
  }

  return (
    <fieldset className="studio-form" disabled={state.busy} aria-label="Send back">
      <legend>Send back</legend>
      <label className="studio-field">
        What to change
        <textarea value={comment} rows={3} maxLength={2000} onChange={(e) => setComment(e.target.value)} />
      </label>
      {state.error && (
        <p className="studio-alert" role="alert">
          Not sent back: {state.error}
        </p>
      )}
      <button type="button" disabled={comment.trim() === ''} onClick={() => void sendBack()}>
        Send back
      </button>
    </fieldset>
  );
}
