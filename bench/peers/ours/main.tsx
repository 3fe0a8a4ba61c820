// This engine: the precompiled validator, then the Screen, with the app's real host. With
// ?checked the validator is skipped, as the app does for a document its server already checked
// (the page's own document, or one marked X-Screen-Checked).
import { createRoot, type Root } from 'react-dom/client';
import '../../../renderer/theme.css';
import '../../../src/app/shell.css';
import { Screen } from '../../../renderer/Screen';
import type { ScreenDocument } from '../../../renderer/types.gen';
import { validateScreenDocument } from '../../../renderer/validate/validateDocument';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { createHost } from '../../../src/host/createHost';
import { installPeer } from '../harness';
import { lazyNamesOf, preloadLazy } from '../../../renderer/lazy';
import { oursDocument } from './document';

const host = createHost({ config: { ...DEFAULT_CONFIG } });
const roots = new WeakMap<HTMLElement, Root>();
const checked = new URLSearchParams(location.search).has('checked');

installPeer({
  documentText: (part) => JSON.stringify(oursDocument(part)),
  draw(text, target) {
    const parsed: unknown = JSON.parse(text);
    const result = checked ? null : validateScreenDocument(parsed);
    if (result && !result.ok)
      throw new Error(`invalid bench document: ${JSON.stringify(result.errors.slice(0, 3))}`);
    const doc = (result?.ok ? result.doc : parsed) as ScreenDocument;
    const root = createRoot(target);
    roots.set(target, root);
    root.render(<Screen doc={doc} host={host} params={{}} setTitle={false} />);
  },
  clear: (target) => roots.get(target)?.unmount(),
  // The blocks the schemas mark x-lazy (the form fields here) are chunks of their own; the app
  // starts their download with its own script as soon as it knows the screen
  // (src/app/firstScreen.ts), so they are here before the engine draws. Without this, the first
  // drawing would time a chunk download that no borrower waits for.
  // The page's document holds the form too, so its lazy blocks are all the form's.
  prepare: () => preloadLazy(lazyNamesOf(oursDocument('page'))),
});
