// Starts the download of the language's lazily loaded part (renderer/lang/runtime.ts, named in the
// page by src/app/build/langChunk.ts) beside the React part, when the server says the page's
// document needs it (the `lang` flag of the inline document, src/server/lib/inline-screen.ts).
// Without it the screen loads that part when it mounts. Kept out of the engine's imports: the
// first chunk of every page carries this file.
export function preloadLanguage(doc: Document = document): void {
  const href = doc.querySelector('meta[name="lang-chunk"]')?.getAttribute('content');
  if (!href || !/^\/[\w./-]+\.js$/.test(href)) return;
  if (doc.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  doc.head.appendChild(link);
}
