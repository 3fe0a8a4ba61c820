// The rules about a document as one of a set (issue 27 item 1), in one check over the library:
// no two documents share more than OVERLAP_LIMIT lines (a near-copy: an error on both of them),
// and a document that nothing shows is said (a warning: a screen no route or promotion template
// of the manifest shows and no variant is drawn from, a part no screen uses). screens:check runs
// it for every document of the folder; the studio and the server's save, review and publication
// run it for the one document at hand, in the library as publishing it would make it
// (checkText.ts). Browser-safe.
import type { ScreensManifest } from '../../renderer/types.gen';
import type { DocRef, Problem } from '../../renderer/validate/problem';
import { fileOf, refKey, type Library, type LibraryEntry } from '../parts/library';
import { resolvedIn } from './expanded';
import { MIN_RUN, OVERLAP_LIMIT, sharedLines, significantLines } from './overlap';

export interface DocumentSet {
  /** The screens and parts. */
  library: Library;
  /** The manifest when it is valid; null: nothing is said about unused screens. */
  manifest: ScreensManifest | null;
}

const sameDoc = (a: DocRef, b: DocRef) => a.kind === b.kind && a.name === b.name;

/** The screens a manifest shows: routes, promotion templates and defaults. */
export function screensShown(manifest: ScreensManifest): Set<string> {
  const ids = new Set(manifest.routes.map((r) => r.screen));
  for (const page of Object.values(manifest.promo ?? {})) {
    Object.values(page?.templates ?? {}).forEach((id) => id && ids.add(id));
    if (page?.default) ids.add(page.default);
  }
  return ids;
}

interface Lines {
  lines: string[];
  counts: Map<string, number>;
}

// A document's significant lines, kept with its library entry (entries are made once per library).
const linesOf = new WeakMap<LibraryEntry, Lines>();
function lines(entry: LibraryEntry): Lines {
  let found = linesOf.get(entry);
  if (!found) {
    const list = significantLines(entry.text ?? '');
    const counts = new Map<string, number>();
    for (const line of list) counts.set(line, (counts.get(line) ?? 0) + 1);
    linesOf.set(entry, (found = { lines: list, counts }));
  }
  return found;
}

/** How many lines two documents have in common in any order: no run-matching can share more. */
function common(a: Lines, b: Lines): number {
  let n = 0;
  for (const [line, count] of a.counts) n += Math.min(count, b.counts.get(line) ?? 0);
  return n;
}

/** Files in the order of their path segments (screens before parts/...), as screens:check lists them. */
function fileOrder(a: string, b: string): number {
  const [x, y] = [a.split('/'), b.split('/')];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length - y.length;
}

const documentsOf = (library: Library): DocRef[] =>
  (['screen', 'part'] as const).flatMap((kind) => library.names(kind).map((name) => ({ kind, name })));

function nearCopy(self: DocRef, other: DocRef, shared: number): Problem {
  return {
    pointer: '',
    file: fileOf(self),
    message: `shares ${shared} lines with ${fileOf(other)} (in runs of ${MIN_RUN} or more; at most ${OVERLAP_LIMIT} allowed): make one a variant of the other, or move what they share into a part (screens/parts/)`,
    keyword: 'near-copy',
    severity: 'error',
  };
}

/** Near-copies among the documents, each said on both; only those of `only` when given. */
function nearCopies(library: Library, docs: readonly DocRef[], only?: DocRef): Problem[] {
  const out: Problem[] = [];
  const ordered = [...docs].sort((a, b) => fileOrder(fileOf(a), fileOf(b)));
  ordered.forEach((a, i) => {
    for (const b of ordered.slice(i + 1)) {
      if (only && !sameDoc(a, only) && !sameDoc(b, only)) continue;
      const [ea, eb] = [library.get(a.kind, a.name), library.get(b.kind, b.name)];
      if (!ea || !eb) continue;
      const [la, lb] = [lines(ea), lines(eb)];
      if (common(la, lb) <= OVERLAP_LIMIT) continue;
      // Always measured first-to-second in file order: the count must not depend on who asks.
      const shared = sharedLines(la.lines, lb.lines);
      if (shared <= OVERLAP_LIMIT) continue;
      if (!only || sameDoc(a, only)) out.push(nearCopy(a, b, shared));
      if (!only || sameDoc(b, only)) out.push(nearCopy(b, a, shared));
    }
  });
  return out;
}

/** Documents nothing shows: a warning each; only `only`'s when given. */
function unused(set: DocumentSet, docs: readonly DocRef[], only?: DocRef): Problem[] {
  const { library, manifest } = set;
  const shown = manifest ? screensShown(manifest) : null;
  const candidates = docs.filter(
    (d) =>
      (!only || sameDoc(d, only)) &&
      (d.kind === 'part' || (shown !== null && !shown.has(d.name))) &&
      isObject(library.get(d.kind, d.name)?.value),
  );
  if (candidates.length === 0) return [];
  // Who draws on whom: each screen's base and the parts it uses, at any depth.
  const drawnOn = new Set<string>();
  for (const id of library.names('screen')) {
    const value = library.get('screen', id)?.value;
    if (value === undefined) continue;
    for (const d of resolvedIn(library, id, value).dependsOn) drawnOn.add(refKey(d));
  }
  return candidates
    .filter((d) => !drawnOn.has(refKey(d)))
    .map((d) => ({
      pointer: '',
      file: fileOf(d),
      message:
        d.kind === 'part'
          ? `no screen uses part '${d.name}'`
          : `no route or promotion template in the manifest shows screen '${d.name}'`,
      keyword: 'unused',
      severity: 'warning',
    }));
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The set's problems, each naming its document's file (fileOf: `x.json`, `parts/x.json`), at the
 * top of it (pointer ''). `only`: just those of one document.
 */
export function checkSet(set: DocumentSet, only?: DocRef): Problem[] {
  const docs = documentsOf(set.library);
  return [...nearCopies(set.library, docs, only), ...unused(set, docs, only)];
}
