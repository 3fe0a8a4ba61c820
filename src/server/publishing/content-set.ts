// A set of documents by kind and name, each one revision: the live set, or a candidate (the live
// set with some documents replaced) that a publication would make live. Checks run against a
// candidate, so a document is judged by the references it will have once published.
import type { ScreensManifest } from '../../../renderer/types.gen.js';
import { validateManifest } from '../../../renderer/validate/validateDocument.js';
import { libraryOf, type Library } from '../../parts/library.js';

export interface SetDoc {
  kind: string;
  name: string;
  revisionId: number;
  text: string;
}

export const docKey = (kind: string, name: string): string => `${kind}:${name}`;

export class ContentSet {
  private parsedManifest: ScreensManifest | null | undefined;
  private lib: Library | undefined;

  constructor(private readonly docs: ReadonlyMap<string, SetDoc> = new Map()) {}

  static of(docs: Iterable<SetDoc>): ContentSet {
    return new ContentSet(new Map([...docs].map((d) => [docKey(d.kind, d.name), d])));
  }

  get(kind: string, name: string): SetDoc | undefined {
    return this.docs.get(docKey(kind, name));
  }

  /** This set with `doc` in place of its document (or added). */
  with(doc: SetDoc): ContentSet {
    return new ContentSet(new Map(this.docs).set(docKey(doc.kind, doc.name), doc));
  }

  all(): SetDoc[] {
    return [...this.docs.values()];
  }

  names(kind: string): string[] {
    return this.all()
      .filter((d) => d.kind === kind)
      .map((d) => d.name);
  }

  /** The texts of its documents of one kind, by name. */
  texts(kind: string): Record<string, string> {
    return Object.fromEntries(
      this.all()
        .filter((d) => d.kind === kind)
        .map((d) => [d.name, d.text]),
    );
  }

  /** Its parts and screens, for expanding a screen (its base, the parts it uses). */
  library(): Library {
    return (this.lib ??= libraryOf({ parts: this.texts('part'), screens: this.texts('screen') }));
  }

  /** The manifest when it is present and valid (routes are checked against it), else null. */
  manifest(): ScreensManifest | null {
    if (this.parsedManifest !== undefined) return this.parsedManifest;
    const text = this.get('manifest', 'manifest')?.text;
    let manifest: ScreensManifest | null = null;
    if (text !== undefined)
      try {
        const result = validateManifest(JSON.parse(text));
        if (result.ok) manifest = result.manifest;
      } catch {
        // Not JSON: no routes to check against.
      }
    return (this.parsedManifest = manifest);
  }
}
