// The editor's text, checked a moment after the typing stops, and the last version that passed
// the schema: that is what the phone keeps showing while the text is half typed.
import { useEffect, useRef, useState } from 'react';
import type { ScreenDocument, ScreensManifest } from '../../renderer/types.gen';
import { checkScreenText, type CheckResult } from '../checker/checkText';
import { readClientConfig } from '../config/client';
import { urlPolicyOf } from '../config/origins';

// The page's configuration (its allowedOrigins), as the server's save check reads its own.
const URLS = typeof document === 'undefined' ? undefined : urlPolicyOf(readClientConfig(document));

export const CHECK_DELAY_MS = 250;

export interface Checked {
  result: CheckResult | null;
  /** The last document the schema accepted (the preview's). */
  good: ScreenDocument | null;
  /** Bumped whenever `good` changes in substance (not for whitespace), to restart the preview. */
  version: number;
}

export function useChecked(id: string, text: string | null, manifest: ScreensManifest | null): Checked {
  const [state, setState] = useState<Checked>({ result: null, good: null, version: 0 });
  const goodJson = useRef('');
  const lastId = useRef(id);

  useEffect(() => {
    if (text === null) return;
    const fresh = lastId.current !== id;
    lastId.current = id;
    const run = () => {
      const result = checkScreenText(text, { id, manifest, urls: URLS });
      setState((prev) => {
        const json = result.doc ? JSON.stringify(result.doc) : null;
        if (fresh) goodJson.current = '';
        if (json === null || json === goodJson.current)
          return { ...prev, result, good: fresh && json === null ? null : prev.good };
        goodJson.current = json;
        return { result, good: result.doc, version: prev.version + 1 };
      });
    };
    // A newly opened screen is checked at once; typing waits for a pause.
    if (fresh || state.result === null) {
      run();
      return;
    }
    const timer = setTimeout(run, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // state.result only tells the first run apart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, text, manifest]);

  return state;
}
