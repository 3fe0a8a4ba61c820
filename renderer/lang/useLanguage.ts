// The language module for a document: null when the document does not need it (or it could not
// be loaded: the screen then renders without it and the problem is reported), undefined while it
// loads. Loaded already (the app starts it early), it is there on the first render.
import { useEffect, useState } from 'react';
import type { Host } from '../host';
import { languageModule, loadLanguage, type LanguageModule } from './load';
import { needsLanguage } from './needs';

export function useLanguage(doc: { id: string }, host: Host): LanguageModule | null | undefined {
  const needs = needsLanguage(doc);
  const [failed, setFailed] = useState(false);
  const [, setLoaded] = useState<LanguageModule | null>(null);
  const ready = languageModule();
  useEffect(() => {
    if (!needs || ready || failed) return undefined;
    let live = true;
    loadLanguage().then(
      (module) => live && setLoaded(module),
      (error: unknown) => {
        host.report({
          screenId: doc.id,
          blockPath: '',
          code: 'language-unavailable',
          message: String(error),
        });
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [needs, ready, failed, doc, host]);
  if (!needs) return null;
  return ready ?? (failed ? null : undefined);
}
