// The screen studio: the screens of the manifest, the document in a schema-aware editor with its
// problems, and the screen itself in a phone, run against a named scenario, with a log of what it
// does. Saving goes through the server, which checks again and keeps the version it replaces.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ScreensManifest } from '../../renderer/types.gen';
import { loadManifest, loadScenarios, loadScreen, type StudioApi } from './api';
import { Editor, type EditorHandle } from './editor/Editor';
import { HistoryDialog } from './HistoryDialog';
import { LogPanel } from './LogPanel';
import { Preview } from './Preview';
import { ProblemList } from './ProblemList';
import { SaveDialog } from './SaveDialog';
import { ScreenList, screensOf } from './ScreenList';
import { DEVICES, type LogEntry, type Scenario } from './shared/protocol';
import { useChecked } from './useChecked';

interface OpenFile {
  id: string;
  /** The text as it is on the server (what a save replaces). */
  saved: string;
  etag: string | null;
  /** Changes when the editor must start over with `saved` (opened, restored). */
  key: number;
  scenarios: Scenario[];
  scenarioProblem?: string;
}

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
  const [file, setFile] = useState<OpenFile | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [loadError, setLoadError] = useState('');
  const [scenarioIndex, setScenarioIndex] = useState(0);
  const [device, setDevice] = useState(DEVICES[0]!);
  const [restarts, setRestarts] = useState(0);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [dialog, setDialog] = useState<'save' | 'history' | null>(null);
  const [notice, setNotice] = useState('');
  const editor = useRef<EditorHandle>(null);

  const id = file?.id ?? initialId;
  const checked = useChecked(id, text, manifest);
  const scenario = file?.scenarios[scenarioIndex] ?? null;
  const run = checked.version * 1000 + scenarioIndex * 100 + restarts;
  const runRef = useRef(run);
  runRef.current = run;
  const dirty = file !== null && text !== null && text !== file.saved;
  const errors = checked.result?.errors ?? 0;
  const warnings = (checked.result?.problems.length ?? 0) - errors;

  const open = useCallback(async (next: string, keepScenario = false) => {
    setLoadError('');
    const [loaded, found] = await Promise.all([loadScreen(next), loadScenarios(next)]);
    if (!loaded) {
      setLoadError(`Could not load screens/${next}.json`);
      return;
    }
    setFile((prev) => ({
      id: next,
      saved: loaded.text,
      etag: loaded.etag,
      key: (prev?.key ?? 0) + 1,
      scenarios: found.scenarios,
      ...(found.problem ? { scenarioProblem: found.problem } : {}),
    }));
    setText(loaded.text);
    if (!keepScenario) setScenarioIndex(0);
    window.history.replaceState(null, '', `#${next}`);
  }, []);

  useEffect(() => {
    void loadManifest().then(setManifest);
    void open(initialId);
  }, [open, initialId]);

  useEffect(() => setLog([]), [run]);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onLog = useCallback((from: number, entry: LogEntry) => {
    if (from === runRef.current) setLog((entries) => [...entries, entry]);
  }, []);
  const onCrash = useCallback(
    (from: number, message: string) =>
      onLog(from, {
        seq: -Date.now(),
        at: 0,
        kind: 'problem',
        summary: `The screen crashed: ${message}`,
        failed: true,
      }),
    [onLog],
  );

  const screens = useMemo(() => (manifest ? screensOf(manifest) : []), [manifest]);
  const stale =
    checked.result && !checked.result.doc
      ? checked.good
        ? `Showing the last valid version: ${plural(errors, 'error')} in the editor`
        : `Fix ${plural(errors, 'error')} to see this screen`
      : null;
  const url = appUrl(manifest, id, scenario);
  const saveBlocked = !api.hasToken
    ? 'Saving needs the studio token: open the studio from the reference server (/studio)'
    : null;

  return (
    <div className="studio">
      <header className="studio-top">
        <h1>Screen studio</h1>
        <span className="studio-file">
          screens/{id}.json{dirty ? ' • unsaved changes' : ''}
        </span>
        <span
          className={`studio-status${errors > 0 ? ' studio-status-bad' : ''}`}
          role="status"
          aria-live="polite"
        >
          {checked.result ? `${plural(errors, 'error')}, ${plural(warnings, 'warning')}` : 'Checking…'}
        </span>
        {notice && <span className="studio-notice">{notice}</span>}
        {url && (
          <a href={url} target="_blank" rel="noopener">
            Open in app
          </a>
        )}
        <button
          type="button"
          disabled={saveBlocked !== null}
          title={saveBlocked ?? undefined}
          onClick={() => setDialog('history')}
        >
          History
        </button>
        <button
          type="button"
          className="studio-primary"
          disabled={saveBlocked !== null || !dirty}
          title={saveBlocked ?? (dirty ? undefined : 'Nothing to save')}
          onClick={() => setDialog('save')}
        >
          Save…
        </button>
      </header>

      <ScreenList screens={screens} current={id} dirty={dirty} onOpen={(next) => void open(next)} />

      <main className="studio-main">
        {loadError && (
          <p className="studio-alert" role="alert">
            {loadError}
          </p>
        )}
        {file && (
          <Editor
            ref={editor}
            docKey={`${file.id}:${file.key}`}
            initialText={file.saved}
            problems={checked.result?.problems ?? []}
            onChange={setText}
          />
        )}
        <div className="studio-panels">
          <section aria-label="Problems panel">
            <h2 className="studio-heading">Problems ({checked.result?.problems.length ?? 0})</h2>
            <ProblemList
              problems={checked.result?.problems ?? []}
              onReveal={(at) => editor.current?.reveal(at)}
            />
          </section>
          <section aria-label="Actions log panel">
            <h2 className="studio-heading">Actions log ({log.length})</h2>
            <LogPanel entries={log} onClear={() => setLog([])} />
          </section>
        </div>
      </main>

      <aside className="studio-preview" aria-label="Preview">
        <div className="studio-preview-bar">
          <label className="studio-scenario">
            Scenario{' '}
            <select value={scenarioIndex} onChange={(e) => setScenarioIndex(Number(e.target.value))}>
              {file?.scenarios.length === 0 && <option value={0}>No scenarios (calls fail)</option>}
              {file?.scenarios.map((s, i) => (
                <option key={i} value={i} title={s.description}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {file?.scenarioProblem && <p className="studio-alert">{file.scenarioProblem}</p>}
        <Preview
          doc={checked.good}
          scenario={scenario}
          run={run}
          device={device}
          onDevice={setDevice}
          onRestart={() => setRestarts((n) => (n + 1) % 100)}
          stale={stale}
          onLog={onLog}
          onCrash={onCrash}
        />
      </aside>

      {dialog === 'save' && file && text !== null && (
        <SaveDialog
          api={api}
          id={file.id}
          before={file.saved}
          after={text}
          etag={file.etag}
          errors={checked.result?.problems.filter((p) => p.severity === 'error') ?? []}
          onSaved={(savedText, etag) => {
            setFile({ ...file, saved: savedText, etag });
            setNotice(`Saved ${new Date().toLocaleTimeString()}`);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'history' && file && text !== null && (
        <HistoryDialog
          api={api}
          id={file.id}
          current={text}
          etag={file.etag}
          dirty={dirty}
          onRestored={() => {
            setDialog(null);
            setNotice(`Restored ${new Date().toLocaleTimeString()}`);
            void open(file.id, true);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
