// The document open in the studio: its text as saved on the server and as being edited, its draft
// and its scenarios; `open` loads another (or the same again) and puts its id in the address.
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { documentOf, type DraftInfo, type StudioApi } from './api';
import type { Scenario } from './shared/protocol';

export interface OpenFile {
  id: string;
  /** The text as it is on the server: the draft's latest revision, else the live one. */
  saved: string;
  /** The revision a save builds on. */
  parentRevisionId: number | null;
  draft: DraftInfo | null;
  /** What the editor starts with: `saved`, or an earlier revision being restored. */
  initial: string;
  /** Changes when the editor must start over with `initial` (opened, restored). */
  key: number;
  scenarios: Scenario[];
  scenarioProblem?: string;
}

export interface OpenedFile {
  file: OpenFile | null;
  setFile: Dispatch<SetStateAction<OpenFile | null>>;
  /** The editor's text (null until the first load). */
  text: string | null;
  setText(text: string | null): void;
  loadError: string;
  /** Loads `next`; `keepScenario`: the phone stays on the scenario it runs (a reload after publishing). */
  open(next: string, keepScenario?: boolean): Promise<void>;
  /** Opens a document that is not on the server yet (its first save makes it), with `text` unsaved. */
  openNew(id: string, text: string): void;
}

/** `onOpened` runs when a document has loaded, before it is shown. */
export function useOpenFile(api: StudioApi, onOpened: (keepScenario: boolean) => void): OpenedFile {
  const [file, setFile] = useState<OpenFile | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [loadError, setLoadError] = useState('');
  const opened = useRef(onOpened);
  opened.current = onOpened;

  /** `next` shown in the editor with `text`, as a new editor (its key), and named in the address. */
  const show = useCallback((next: Omit<OpenFile, 'key'>, keepScenario: boolean) => {
    setFile((prev) => ({ ...next, key: (prev?.key ?? 0) + 1 }));
    setText(next.initial);
    opened.current(keepScenario);
    window.history.replaceState(null, '', `#${next.id}`);
  }, []);

  const open = useCallback(
    async (next: string, keepScenario = false) => {
      setLoadError('');
      const [loaded, found] = await Promise.all([
        api.loadScreen(next),
        documentOf(next).kind === 'part'
          ? Promise.resolve<{ scenarios: Scenario[]; problem?: string }>({ scenarios: [] })
          : api.loadScenarios(next),
      ]);
      if (!loaded) {
        setLoadError(`Could not load ${documentOf(next).kind === 'part' ? 'part' : 'screen'} '${next}'`);
        return;
      }
      show(
        {
          id: next,
          saved: loaded.text,
          parentRevisionId: loaded.parentRevisionId,
          draft: loaded.draft,
          initial: loaded.text,
          scenarios: found.scenarios,
          ...(found.problem ? { scenarioProblem: found.problem } : {}),
        },
        keepScenario,
      );
    },
    [api, show],
  );

  const openNew = useCallback(
    (id: string, initial: string) => {
      setLoadError('');
      show({ id, saved: '', parentRevisionId: null, draft: null, initial, scenarios: [] }, false);
    },
    [show],
  );

  return { file, setFile, text, setText, loadError, open, openNew };
}
