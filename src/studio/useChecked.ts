// The editor's text, checked a moment after the typing stops, and the last version that passed
// the schema: that is what the phone keeps showing while the text is half typed. A screen is
// checked as the server will serve it (its parts and base from the published library); a part is
// checked with the screens that use it, and the phone shows one of them with the part as typed.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ScreenDocument, ScreensManifest } from '../../renderer/types.gen';
import { checkPartText, checkScreenText, screenDocOfText, type CheckResult } from '../checker/checkText';
import { readClientConfig } from '../config/client';
import { urlPolicyOf } from '../config/origins';
import { withDocument, type Library } from '../parts/library';
import { documentOf } from './api';
import { runKeyOf } from '../../renderer/runKey';

// The page's configuration (its allowedOrigins), as the server's save check reads its own.
const URLS = typeof document === 'undefined' ? undefined : urlPolicyOf(readClientConfig(document));

export const CHECK_DELAY_MS = 250;
/** At the latest, the whole check of a whole change runs this long after its document was shown. */
export const CHECK_AFTER_SHOWN_MS = 300;

/**
 * Once the page is idle after two frames (the phone, a frame of this page, has drawn what it was
 * sent: its message, render and paint come first), or `ms` after those frames at the latest.
 */
function whenIdle(f: () => void, ms: number): () => void {
  let cancel = () => undefined as void;
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(f, { timeout: ms });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(f, 0);
      cancel = () => clearTimeout(timer);
    }
  };
  const first = requestAnimationFrame(() => {
    const second = requestAnimationFrame(idle);
    cancel = () => cancelAnimationFrame(second);
  });
  cancel = () => cancelAnimationFrame(first);
  return () => cancel();
}

export interface Checked {
  result: CheckResult | null;
  /** The last document the schema accepted (the preview's). */
  good: ScreenDocument | null;
  /** Bumped whenever `good` changes in substance (not for whitespace). */
  version: number;
  /**
   * Bumped when `good` changes in what it runs (its sources, state, variables, timers…:
   * renderer/runKey.ts), to start the phone again. A change of what it draws only (a label, a
   * block added) is given to the running phone, which keeps its state (issue 25).
   */
  runs: number;
  /**
   * The document a whole change's text of this screen draws (screenDocOfText), null for a part or
   * a text it refuses: what the studio gives the phone before the editor takes the change
   * (issue 25 speed). The check of that text then starts from this same document, so the phone
   * is not sent it twice.
   */
  wholeDoc(text: string): ScreenDocument | null;
}

/** The check of the text, and the document the phone shows for it. */
function check(
  id: string,
  text: string,
  manifest: ScreensManifest | null,
  library: Library,
  previewOf: string | null,
): { result: CheckResult; doc: ScreenDocument | null } {
  const { kind, name } = documentOf(id);
  if (kind === 'screen') {
    const result = checkScreenText(text, { id, manifest, urls: URLS, library });
    return { result, doc: result.doc };
  }
  const result = checkPartText(text, { name, manifest, urls: URLS, library });
  const shown = previewOf ?? result.usedBy?.[0] ?? null;
  const screenText = shown === null ? undefined : library.get('screen', shown)?.text;
  if (screenText === undefined || result.errors > 0) return { result, doc: null };
  const preview = checkScreenText(screenText, {
    id: shown!,
    manifest,
    urls: URLS,
    library: withDocument(library, { kind: 'part', name }, text),
  });
  return { result, doc: preview.doc };
}

export function useChecked(
  id: string,
  text: string | null,
  manifest: ScreensManifest | null,
  library: Library | null,
  /** For a part: the screen using it that the phone shows (else the first). */
  previewOf: string | null = null,
  /**
   * Whether the last change of `text` was typed (it may be half done, so its check waits for a
   * pause). A whole change (a visual tool's, undo, redo) is checked at once: the phone shows a
   * property change without the typing pause (issue 25's 100 ms from a change to the phone).
   */
  typed: boolean = true,
): Checked {
  const [state, setState] = useState<Omit<Checked, 'wholeDoc'>>({
    result: null,
    good: null,
    version: 0,
    runs: 0,
  });
  const goodJson = useRef('');
  /** The last whole document made, and from what. */
  const whole = useRef<{ key: readonly unknown[]; doc: ScreenDocument | null } | null>(null);
  const inputs = useRef({ id, manifest, library });
  inputs.current = { id, manifest, library };
  const wholeDoc = useCallback((wholeText: string) => {
    const { id, manifest, library } = inputs.current;
    if (library === null || documentOf(id).kind !== 'screen') return null;
    const key = [wholeText, id, manifest, library] as const;
    if (!whole.current || whole.current.key.some((k, i) => k !== key[i]))
      whole.current = { key, doc: screenDocOfText(wholeText, { id, manifest, urls: URLS, library }) };
    return whole.current.doc;
  }, []);
  const last = useRef(`${id} ${previewOf}`);
  /** When the text was last checked (Date.now()). */
  const lastRun = useRef(0);

  useEffect(() => {
    if (text === null || library === null) return;
    const fresh = last.current !== `${id} ${previewOf}`;
    last.current = `${id} ${previewOf}`;
    /** Shows `doc` in the phone (when it is new) and, once there, the check's `result`. */
    const show = (doc: ScreenDocument | null, result: CheckResult | null) =>
      setState((prev) => {
        const json = doc ? JSON.stringify(doc) : null;
        if (fresh) goodJson.current = '';
        const checked = result ?? prev.result;
        if (json === null || json === goodJson.current)
          return { ...prev, result: checked, good: fresh && json === null ? null : prev.good };
        goodJson.current = json;
        const restart = fresh || !prev.good || !doc || runKeyOf(prev.good) !== runKeyOf(doc);
        return {
          result: checked,
          good: doc,
          version: prev.version + 1,
          runs: prev.runs + (restart ? 1 : 0),
        };
      });
    let later: (() => void) | null = null;
    const run = () => {
      lastRun.current = Date.now();
      // A whole change of a screen: its document goes to the phone at once, and the text is
      // checked (its problems, those of the set) once the phone has drawn it. The document is the
      // check's own (screenDocOfText), so the check changes nothing in the phone.
      if (!typed && !fresh && documentOf(id).kind === 'screen') {
        const doc = wholeDoc(text);
        if (doc) {
          show(doc, null);
          later = whenIdle(() => {
            later = null;
            show(doc, check(id, text, manifest, library, previewOf).result);
          }, CHECK_AFTER_SHOWN_MS);
          return;
        }
      }
      const { result, doc } = check(id, text, manifest, library, previewOf);
      show(doc, result);
    };
    // A newly opened screen is checked at once. Typing waits for a pause. A whole change is
    // checked at once unless one was checked less than CHECK_DELAY_MS ago (a panel's text box
    // writes a whole document per letter): then at the end of that interval, so a run of them
    // restarts the phone a few times a second, not per letter.
    const wait = typed ? CHECK_DELAY_MS : Math.max(0, lastRun.current + CHECK_DELAY_MS - Date.now());
    if (fresh || state.result === null || wait === 0) {
      run();
      return () => later?.();
    }
    const timer = setTimeout(run, wait);
    return () => {
      clearTimeout(timer);
      later?.();
    };
    // state.result only tells the first run apart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, text, manifest, library, previewOf]);

  return useMemo(() => ({ ...state, wholeDoc }), [state, wholeDoc]);
}
