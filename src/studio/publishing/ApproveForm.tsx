// Approve a draft in review: publish it now or at a time, optionally as a promotion that ends at
// a time and falls back. The server checks it again and applies the four-eyes rule; its refusal
// is shown as it says it.
import { useState } from 'react';
import type { StudioApi } from '../api';
import { EndFallbackSelect } from './EndFallbackSelect';
import { zonedIso } from './time';
import type { DraftDetail } from './types';
import { WhenInput } from './WhenInput';

interface Props {
  api: StudioApi;
  draft: DraftDetail;
  screens: readonly string[];
  /** Why this account cannot approve it (four eyes, role), or null. */
  blocked: string | null;
  onDone(message: string): void;
}

export function ApproveForm({ api, draft, screens, blocked, onDone }: Props) {
  const zone = api.session.timeZone;
  const [when, setWhen] = useState<'now' | 'at'>('now');
  const [at, setAt] = useState('');
  const [ends, setEnds] = useState(false);
  const [endsAt, setEndsAt] = useState('');
  const [fallback, setFallback] = useState('previous');
  const [message, setMessage] = useState('');
  const [state, setState] = useState({ busy: false, error: '' });

  async function approve() {
    const publishAt = when === 'at' ? zonedIso(at, zone) : null;
    if (when === 'at' && !publishAt)
      return setState({ busy: false, error: 'Choose the date and time to publish' });
    const end = ends ? zonedIso(endsAt, zone) : null;
    if (ends && !end) return setState({ busy: false, error: 'Choose the date and time the promotion ends' });
    setState({ busy: true, error: '' });
    const reply = await api.call<{ publicationId: number | null }>('POST', `/drafts/${draft.id}/approve`, {
      revisionId: draft.headRevisionId,
      ...(publishAt ? { publishAt } : {}),
      ...(end ? { endsAt: end, endFallback: fallback } : {}),
      ...(message ? { message } : {}),
    });
    if (!reply.ok) return setState({ busy: false, error: reply.message });
    setState({ busy: false, error: '' });
    onDone(
      reply.body.publicationId
        ? 'Approved and published: borrowers get it on their next load'
        : 'Approved and scheduled',
    );
  }

  const screen = draft.kind === 'screen';
  return (
    <fieldset className="studio-form" disabled={blocked !== null || state.busy} aria-label="Approve">
      <legend>Approve</legend>
      {blocked && (
        <p className="studio-alert studio-four-eyes" role="note">
          {blocked}
        </p>
      )}
      <label className="studio-choice">
        <input type="radio" name="when" checked={when === 'now'} onChange={() => setWhen('now')} /> Publish
        now
      </label>
      <label className="studio-choice">
        <input type="radio" name="when" checked={when === 'at'} onChange={() => setWhen('at')} /> Publish at a
        date and time
      </label>
      {when === 'at' && <WhenInput label="Publish at" value={at} zone={zone} onChange={setAt} />}
      {screen && (
        <label className="studio-choice">
          <input type="checkbox" checked={ends} onChange={(e) => setEnds(e.target.checked)} /> A promotion: it
          ends
        </label>
      )}
      {ends && (
        <>
          <WhenInput label="Ends at" value={endsAt} zone={zone} onChange={setEndsAt} />
          <EndFallbackSelect
            value={fallback}
            screens={screens.filter((s) => s !== draft.name)}
            onChange={setFallback}
          />
        </>
      )}
      <label className="studio-field">
        Note for the log
        <input value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
      </label>
      {state.error && (
        <p className="studio-alert" role="alert">
          Not approved: {state.error}
        </p>
      )}
      <button type="button" className="studio-primary" onClick={() => void approve()}>
        {state.busy ? 'Approving…' : when === 'at' ? 'Approve and schedule' : 'Approve and publish'}
      </button>
    </fieldset>
  );
}
