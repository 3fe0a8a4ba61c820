// The documents a screen may draw on while it is expanded: parts by name and other screens by id
// (a variant's base). The server builds one from its live set, the checker from the files of a
// screens folder, the studio from the published documents with the one being edited in place.
import { parseTree, type Node } from 'jsonc-parser';
import type { DocKind, DocRef } from '../../renderer/validate/problem';

export type { DocKind, DocRef } from '../../renderer/validate/problem';

export interface LibraryEntry {
  /** The parsed document (undefined when its text is not JSON). */
  value: unknown;
  /** Its text, when known: to say at which line a problem in it is. */
  text?: string;
  /** Its parse tree (jsonc-parser), made on first use. */
  tree(): Node | undefined;
}

export interface Library {
  get(kind: DocKind, name: string): LibraryEntry | undefined;
  names(kind: DocKind): string[];
}

export const EMPTY_LIBRARY: Library = { get: () => undefined, names: () => [] };

export const refKey = (ref: DocRef): string => `${ref.kind}:${ref.name}`;

/** The file a document is kept in, relative to screens/. */
export const fileOf = (ref: DocRef): string =>
  ref.kind === 'part' ? `parts/${ref.name}.json` : `${ref.name}.json`;

function entryOf(text: string): LibraryEntry {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    value = undefined;
  }
  let tree: Node | undefined | null = null;
  return { value, text, tree: () => (tree === null ? (tree = parseTree(text)) : tree) };
}

/** A library of texts by kind and name, parsed once, on first use. */
export function libraryOf(texts: {
  parts?: Record<string, string>;
  screens?: Record<string, string>;
}): Library {
  const cache = new Map<string, LibraryEntry>();
  const table = (kind: DocKind) => (kind === 'part' ? (texts.parts ?? {}) : (texts.screens ?? {}));
  return {
    get(kind, name) {
      const source = table(kind);
      if (!Object.prototype.hasOwnProperty.call(source, name)) return undefined;
      const key = `${kind}:${name}`;
      let entry = cache.get(key);
      if (!entry) cache.set(key, (entry = entryOf(source[name]!)));
      return entry;
    },
    names: (kind) => Object.keys(table(kind)).sort(),
  };
}

/** The library with one document's text in place of (or added to) its own. */
export function withDocument(library: Library, ref: DocRef, text: string): Library {
  let entry: LibraryEntry | null = null;
  return {
    get: (kind, name) =>
      kind === ref.kind && name === ref.name ? (entry ??= entryOf(text)) : library.get(kind, name),
    names: (kind) =>
      kind === ref.kind && !library.names(kind).includes(ref.name)
        ? [...library.names(kind), ref.name].sort()
        : library.names(kind),
  };
}
