// One draft under review: what changes (the JSON diff), the screen before and after in two
// phones with one scenario, the checker's findings, and the reviewer's actions. Four eyes is
// visible: a publisher who saved any revision of the draft is told why they cannot approve it.
// A part is reviewed like a screen: the screens it changes are listed, and any of them is shown
// before and after with the draft's part in place (issue 18).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ScreensManifest } from '../../../renderer/types.gen';
import type { StudioApi } from '../api';
import { AffectedScreens } from '../AffectedScreens';
import { lineDiff } from '../diff';
import { PartScreenSelect } from '../PartScreenSelect';
import { libraryOf, refKey, withDocument, type DocRef, type Library } from '../../parts/library';
import { usageOf } from '../usage';
import { useFirstWithScenarios } from '../useFirstWithScenarios';
import { DiffView } from '../DiffView';
import { screensOf } from '../ScreenList';
import { ApproveForm } from './ApproveForm';
import { DraftEvents } from './DraftEvents';
import { PhonePair } from './PhonePair';
import { PreviewLink } from './PreviewLink';
import { templateQueryOf } from '../../manifest/routes';
import { SendBackForm } from './SendBackForm';
import { ProblemList } from '../ProblemList';
import { showTime } from './time';
import { STATUS_LABEL, type DraftDetail } from './types';

/** Why the signed-in account cannot approve this draft, or null. */
export function approveBlocked(api: StudioApi, draft: DraftDetail): string | null {
  if (!api.canPublish) return 'Only a publisher can approve a draft. You can follow its status here.';
  if (draft.status !== 'in_review') return null;
  if (api.session.fourEyes && draft.authors.includes(api.session.account.username))
    return 'You cannot approve this draft: you saved a revision of it, and a change needs a publisher other than its author (four eyes).';
  if (draft.errors > 0) return 'The checker finds errors in this draft: it cannot be published.';
  return null;
}

export function ReviewScreen({ api, draftId }: { api: StudioApi; draftId: number }) {
  const [draft, setDraft] = useState<DraftDetail | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [manifest, setManifest] = useState<ScreensManifest | null>(null);
  const [library, setLibrary] = useState<Library | null>(null);
  const [shown, setShown] = useState<string | null>(null);

  const load = useCallback(async () => {
    const reply = await api.call<{ draft: DraftDetail }>('GET', `/drafts/${draftId}`);
    if (reply.ok) setDraft(reply.body.draft);
    else setError(reply.message);
  }, [api, draftId]);
  useEffect(() => {
    void load();
    void api.loadManifest().then(setManifest);
    void api.loadLibrary().then((texts) => setLibrary(libraryOf(texts)));
  }, [api, load]);

  const rows = useMemo(() => (draft ? lineDiff(draft.live?.text ?? '', draft.head.text) : []), [draft]);
  const screens = useMemo(() => (manifest ? screensOf(manifest).map((s) => s.id) : []), [manifest]);
  /** The document the draft changes (null for the manifest). */
  const ref = useMemo<DocRef | null>(
    () =>
      draft && draft.kind !== 'manifest'
        ? { kind: draft.kind === 'part' ? 'part' : 'screen', name: draft.name }
        : null,
    [draft],
  );
  /** The library once the draft is published: its text in place of the live one. */
  const afterLibrary = useMemo(
    () => (library && draft && ref ? withDocument(library, ref, draft.head.text) : library),
    [draft, library, ref],
  );
  /** The screens this draft changes once published: using the part, or variants of the screen. */
  const affected = useMemo(() => {
    if (!library || !afterLibrary || !ref) return [];
    const now = usageOf(afterLibrary).usedBy.get(refKey(ref)) ?? [];
    const before = usageOf(library).usedBy.get(refKey(ref)) ?? [];
    return [...new Set([...before, ...now])].sort();
  }, [library, afterLibrary, ref]);
  useFirstWithScenarios(api, affected, draft?.kind === 'part', shown, setShown);

  if (error)
    return (
      <p className="studio-alert" role="alert">
        {error}
      </p>
    );
  if (!draft) return <p className="studio-loading">Loading…</p>;

  const done = (message: string) => {
    setNotice(message);
    void load();
  };
  const zone = api.session.timeZone;
  const blocked = approveBlocked(api, draft);
  const open = draft.status !== 'published' && draft.status !== 'discarded';
  /** The screen using the part that the phones show (a part under review). */
  const screen = affected.length > 0 ? (shown ?? affected[0]) : undefined;
  const unschedule = async () => {
    const reply = await api.call('POST', `/drafts/${draft.id}/unschedule`);
    done(reply.ok ? 'Unscheduled: the draft is back in review' : `Not unscheduled: ${reply.message}`);
  };

  return (
    <div className="studio-review">
      <header className="studio-review-head">
        <h2>
          Review {draft.kind === 'manifest' ? 'the manifest' : `${draft.kind} ${draft.name}`}{' '}
          <span className="studio-badge" data-status={draft.status}>
            {STATUS_LABEL[draft.status]}
          </span>
        </h2>
        <p>
          Draft #{draft.id} by {draft.authors.join(', ')}, last saved {showTime(draft.updatedAt, zone)} by{' '}
          {draft.updatedBy}
          {draft.reviewMessage ? ` — “${draft.reviewMessage}”` : ''}
        </p>
        {draft.kind !== 'manifest' && open && (
          <a href={`#${draft.kind === 'part' ? 'parts/' : ''}${draft.name}`} className="studio-link">
            Open in the editor
          </a>
        )}
        <AffectedScreens
          screens={affected}
          title={`Changes ${affected.length === 1 ? 'one screen' : `${affected.length} screens`} once published${draft.kind === 'part' ? ' (they use this part)' : ' (variants of this screen)'}:`}
        />
        {draft.reviewComment && (
          <p className="studio-alert studio-review-comment" role="note">
            Reviewer’s comment ({draft.reviewedBy}): {draft.reviewComment}
          </p>
        )}
        {draft.status === 'scheduled' && (
          <p className="studio-scheduled" role="note">
            Scheduled to publish {showTime(draft.publishAt, zone)} ({zone}) by {draft.scheduledBy}
            {draft.endsAt ? `; ends ${showTime(draft.endsAt, zone)}` : ''}.{' '}
            {api.canPublish && (
              <button type="button" onClick={() => void unschedule()}>
                Unschedule
              </button>
            )}
          </p>
        )}
        {draft.liveChanged && (
          <p className="studio-alert" role="note">
            The live version changed since this draft started: the diff is against what is live now.
          </p>
        )}
        {notice && (
          <p className="studio-notice-box" role="status">
            {notice}
          </p>
        )}
      </header>

      <div className="studio-review-body">
        <section className="studio-review-changes" aria-label="Changes">
          <h3 className="studio-heading">JSON diff (live → draft)</h3>
          <DiffView rows={rows} label="JSON diff" />
          <h3 className="studio-heading">Checker ({draft.problems.length})</h3>
          <ProblemList
            problems={draft.problems}
            empty="The checker finds no problems."
            label="Checker findings"
          />
          <h3 className="studio-heading">History of this draft</h3>
          <DraftEvents events={draft.events} zone={zone} />
        </section>

        {draft.kind === 'screen' && library && afterLibrary && (
          <PhonePair
            api={api}
            id={draft.name}
            before={draft.live?.text ?? null}
            after={draft.head.text}
            manifest={manifest}
            beforeLibrary={library}
            afterLibrary={afterLibrary}
          />
        )}
        {draft.kind === 'part' && library && afterLibrary && screen !== undefined && (
          <div className="studio-part-phones">
            <PartScreenSelect screens={affected} value={screen} onChange={setShown} />
            <PhonePair
              key={screen}
              api={api}
              id={screen}
              before={library.get('screen', screen)?.text ?? null}
              after={library.get('screen', screen)?.text ?? ''}
              manifest={manifest}
              beforeLibrary={library}
              afterLibrary={afterLibrary}
            />
          </div>
        )}

        <section className="studio-review-actions" aria-label="Review actions">
          {draft.status === 'in_review' && (
            <>
              <ApproveForm api={api} draft={draft} screens={screens} blocked={blocked} onDone={done} />
              {api.canPublish && <SendBackForm api={api} draftId={draft.id} onDone={done} />}
            </>
          )}
          {draft.status !== 'in_review' && !api.canPublish && draft.status !== 'scheduled' && open && (
            <p className="studio-empty">A publisher approves it once it is sent for review.</p>
          )}
          {open && draft.kind === 'screen' && draft.errors === 0 && api.canEdit && (
            <PreviewLink
              api={api}
              draftId={draft.id}
              query={manifest ? templateQueryOf(manifest, draft.name) : ''}
            />
          )}
        </section>
      </div>
    </div>
  );
}
