// The screen studio: the screens of the manifest and the parts, the document in a schema-aware
// editor with its problems, and the screen itself in a phone, run against a named scenario, with a
// log of what it does. A part shows the screens that use it, and the phone shows any of them with
// the part as typed (issue 18). Saving makes a draft revision on the server (checked again there);
// borrowers keep the published version until a publisher approves the draft (issue 17).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ScreensManifest } from '../../renderer/types.gen';
import { documentOf, type StudioApi } from './api';
import { libraryOf, refKey, type Library } from '../parts/library';
import { usageOf } from './usage';
import { Editor, type EditorHandle } from './editor/Editor';
import { HistoryDialog } from './HistoryDialog';
import { LogPanel } from './LogPanel';
import type { PreviewHandle } from './Preview';
import { PreviewColumn } from './PreviewColumn';
import { ProblemList } from './ProblemList';
import { PublicationsDialog } from './publishing/PublicationsDialog';
import { showTime } from './publishing/time';
import { SaveDialog } from './SaveDialog';
import { ScreenList, screensOf } from './ScreenList';
import { DEVICES, type Scenario } from './shared/protocol';
import { StudioToolbar } from './StudioToolbar';
import { useOpenFile } from './useOpenFile';
import { useSaveKey } from './useSaveKey';
import { useActionLog, useWarnBeforeLeaving } from './useActionLog';
import { useChecked } from './useChecked';
import { useSelection } from './visual/useSelection';
import { usePhoneMove } from './visual/usePhoneMove';
import { phoneTargets } from './visual/structureOps';
import { useTextInPlace } from './visual/useTextInPlace';
import { useVisualDoc } from './visual/useVisualDoc';
import { assetSource } from './visual/assetSource';
import { VisualTools } from './visual/VisualTools';
import { NewFromPart } from './visual/NewFromPart';
import { useFirstWithScenarios } from './useFirstWithScenarios';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The app address of a screen with the scenario's parameters, to open the real thing. */
function appUrl(manifest: ScreensManifest | null, id: string, scenario: Scenario | null): string | null {
  const route = manifest?.routes.find((r) => r.screen === id);
  if (!route) return null;
  const query = new URLSearchParams(scenario?.params ?? {}).toString();
  return query ? `${route.path}?${query}` : route.path;
}

export function Studio({ api, initialId }: { api: StudioApi; initialId: string }) {
  const [manifest, setManifest] = useState<ScreensManifest | null>(null);
  const [library, setLibrary] = useState<Library | null>(null);
  const [previewOf, setPreviewOf] = useState<string | null>(null);
  const [scenarioIndex, setScenarioIndex] = useState(0);
  const { file, setFile, text, setText, loadError, open, openNew } = useOpenFile(api, (keepScenario) => {
    setPreviewOf(null);
    if (!keepScenario) setScenarioIndex(0);
  });
  const [device, setDevice] = useState(DEVICES[0]!);
  const [restarts, setRestarts] = useState(0);
  const [dialog, setDialog] = useState<'save' | 'history' | 'publications' | null>(null);
  const [notice, setNotice] = useState('');
  const editor = useRef<EditorHandle>(null);
  const [picking, setPicking] = useState(false);
  const assets = useMemo(() => assetSource(api.call), [api]);

  const id = file?.id ?? initialId;
  const { kind, name: docName } = documentOf(id);
  const [typed, setTyped] = useState(true);
  const checked = useChecked(id, text, manifest, library, kind === 'part' ? previewOf : null, typed);
  const usedBy = checked.result?.usedBy ?? [];
  /** The screen in the phone: this one, or for a part the screen using it that was chosen. */
  const shown = kind === 'part' ? (previewOf ?? usedBy[0] ?? null) : id;
  const scenario = file?.scenarios[scenarioIndex] ?? null;
  const run = checked.runs * 1000 + scenarioIndex * 100 + restarts;
  const dirty = file !== null && text !== null && text !== file.saved;
  const visual = useVisualDoc(id, text, library);
  const selection = useSelection(visual, editor, `${id}:${file?.key ?? 0}`);
  const inPlace = useTextInPlace(visual, editor, !api.canEdit);
  const phoneMove = usePhoneMove(visual, editor, !api.canEdit, selection.select);
  // A visual change goes to the phone first, and the editor takes it after the phone's paint.
  const phone = useRef<PreviewHandle>(null);
  const wholeDoc = checked.wholeDoc;
  const onVisual = useCallback(
    (next: string) => {
      const doc = wholeDoc(next);
      return doc !== null && (phone.current?.show(doc) ?? false);
    },
    [wholeDoc],
  );
  // What a drag in the phone may do: nothing for a read-only studio.
  const outline = visual?.outline ?? null;
  const phoneDrops = useMemo(
    () => (api.canEdit && outline ? phoneTargets(outline) : null),
    [api.canEdit, outline],
  );
  const errors = checked.result?.errors ?? 0;
  const warnings = (checked.result?.problems.length ?? 0) - errors;

  useEffect(() => {
    void api.loadManifest().then(setManifest);
    void api.loadLibrary().then((texts) => setLibrary(libraryOf(texts)));
    void open(initialId);
  }, [api, open, initialId]);

  useFirstWithScenarios(api, usedBy, kind === 'part', previewOf, setPreviewOf);

  // A part's phone shows a screen that uses it, with that screen's scenarios.
  useEffect(() => {
    if (kind !== 'part' || !file || shown === null) return;
    void api.loadScenarios(shown).then((found) =>
      setFile((prev) =>
        prev && prev.id === file.id
          ? {
              ...prev,
              scenarios: found.scenarios,
              ...(found.problem ? { scenarioProblem: found.problem } : {}),
            }
          : prev,
      ),
    );
    setScenarioIndex(0);
    // file.id: only when the part or the chosen screen changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, kind, file?.id, shown]);

  const log = useActionLog(run);
  useWarnBeforeLeaving(dirty);

  const screens = useMemo(() => (manifest ? screensOf(manifest) : []), [manifest]);
  const parts = useMemo(() => {
    if (!library) return [];
    const usage = usageOf(library);
    return usage.parts.map((name) => ({
      name,
      usedBy: usage.usedBy.get(refKey({ kind: 'part', name })) ?? [],
    }));
  }, [library]);
  // A part has no document of its own: it is fine when it has no errors.
  const unfinished = kind === 'part' ? errors > 0 : checked.result !== null && !checked.result.doc;
  const stale =
    checked.result && unfinished
      ? checked.good
        ? `Showing the last valid version: ${plural(errors, 'error')} in the editor`
        : `Fix ${plural(errors, 'error')} to see this screen`
      : kind === 'part' && checked.result && usedBy.length === 0
        ? 'No screen uses this part yet'
        : null;
  const url = shown === null ? null : appUrl(manifest, shown, scenario);
  const saveBlocked = !api.canEdit ? 'Saving drafts needs the editor or publisher role' : null;
  const draft = file?.draft ?? null;
  const openSave = useCallback(() => setDialog('save'), []);
  useSaveKey(openSave, saveBlocked === null && dirty && dialog === null);
  const reviewable =
    draft !== null &&
    !dirty &&
    errors === 0 &&
    (draft.status === 'draft' || draft.status === 'changes_requested');

  async function requestReview() {
    if (!file?.draft) return;
    const result = await api.requestReview(file.draft.id);
    if (result.ok && result.draft) {
      setFile({ ...file, draft: result.draft });
      setNotice('Review requested: a publisher will approve or send it back');
    } else setNotice(`Not sent for review: ${result.message}`);
  }

  return (
    <div className="studio">
      <StudioToolbar
        id={id}
        dirty={dirty}
        draft={draft}
        status={checked.result ? `${plural(errors, 'error')}, ${plural(warnings, 'warning')}` : 'Checking…'}
        bad={errors > 0}
        usedBy={usedBy}
        kind={kind}
        notice={notice}
        extra={
          kind === 'part' && api.canEdit && library ? (
            <NewFromPart
              part={docName}
              declared={library.get('part', docName)?.value}
              taken={library.names('screen')}
              onCreate={openNew}
            />
          ) : null
        }
        url={url}
        saveBlocked={saveBlocked}
        reviewable={reviewable}
        onDialog={setDialog}
        onRequestReview={() => void requestReview()}
      />

      <ScreenList
        screens={screens}
        parts={parts}
        current={id}
        dirty={dirty}
        onOpen={(next) => void open(next)}
      />

      <main className="studio-main">
        {draft?.status === 'changes_requested' && draft.reviewComment && (
          <p className="studio-alert studio-review-comment" role="note">
            Sent back by the reviewer: {draft.reviewComment}
          </p>
        )}
        {loadError && (
          <p className="studio-alert" role="alert">
            {loadError}
          </p>
        )}
        <div className="studio-work">
          {visual && (
            <VisualTools
              doc={visual}
              editor={editor}
              selection={selection.store}
              onSelect={selection.select}
              problems={checked.result?.problems ?? []}
              manifest={manifest}
              library={library}
              readOnly={!api.canEdit}
              assets={assets}
              scenario={scenario}
            />
          )}
          {file && (
            <Editor
              ref={editor}
              docKey={`${file.id}:${file.key}`}
              initialText={file.initial}
              problems={checked.result?.problems ?? []}
              schema={kind}
              onChange={(next, byTyping) => {
                setTyped(byTyping);
                setText(next);
              }}
              onCursor={selection.cursor}
              onVisual={onVisual}
            />
          )}
        </div>
        <div className="studio-panels">
          <section aria-label="Problems panel">
            <h2 className="studio-heading">Problems ({checked.result?.problems.length ?? 0})</h2>
            <ProblemList
              problems={checked.result?.problems ?? []}
              onReveal={(at) => editor.current?.reveal(at)}
              screen={kind === 'screen' && api.canEdit ? docName : undefined}
            />
          </section>
          <section aria-label="Actions log panel">
            <h2 className="studio-heading">Actions log ({log.entries.length})</h2>
            <LogPanel entries={log.entries} onClear={log.clear} />
          </section>
        </div>
      </main>

      <PreviewColumn
        partIn={kind === 'part' ? { screens: usedBy, value: shown ?? '', onChange: setPreviewOf } : null}
        scenarios={file?.scenarios ?? null}
        scenarioIndex={scenarioIndex}
        onScenario={setScenarioIndex}
        scenarioProblem={file?.scenarioProblem}
        picking={picking}
        onPicking={() => setPicking((on) => !on)}
        preview={{
          doc: checked.good,
          scenario,
          run,
          device,
          onDevice: setDevice,
          onRestart: () => setRestarts((n) => (n + 1) % 100),
          stale,
          onLog: log.onLog,
          onCrash: log.onCrash,
          selected: selection.inPhone,
          onPick: (path, _type, edit, shown) => {
            selection.pick(path);
            return edit ? inPlace.start(path, shown) : null;
          },
          onTextEdit: inPlace.finish,
          onMove: phoneMove,
          handle: phone,
          structure: phoneDrops,
        }}
      />

      {dialog === 'save' && file && text !== null && (
        <SaveDialog
          api={api}
          id={file.id}
          before={file.saved}
          after={text}
          parentRevisionId={file.parentRevisionId}
          errors={checked.result?.problems.filter((p) => p.severity === 'error') ?? []}
          affected={usedBy}
          kind={kind}
          onSaved={(savedText, revisionId, savedDraft, review) => {
            setFile({
              ...file,
              saved: savedText,
              parentRevisionId: revisionId ?? file.parentRevisionId,
              draft: savedDraft ?? file.draft,
            });
            const saved = `Draft saved ${showTime(new Date().toISOString(), api.session.timeZone)}`;
            setNotice(
              !review
                ? saved
                : review.ok
                  ? `${saved} and sent for review: a publisher will approve or send it back`
                  : `${saved}, not sent for review: ${review.message}`,
            );
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'publications' && file && (
        <PublicationsDialog
          api={api}
          kind={kind}
          name={documentOf(file.id).name}
          onChanged={() => void open(file.id, true)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'history' && file && text !== null && (
        <HistoryDialog
          api={api}
          id={file.id}
          current={text}
          dirty={dirty}
          onRestore={(restored) => {
            setDialog(null);
            setFile({ ...file, initial: restored, key: file.key + 1 });
            setText(restored);
            setNotice('An earlier version is in the editor: save it as a draft to propose it');
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
