// Checking what ops wrote through what the phone gets: a screen is expanded (its parts, its base,
// its parameters: src/parts/), the expanded screen is checked like any other (schema,
// cross-references, lints), and every problem is traced back through the source map to where it
// was written. Then it is placed in the document being checked: where it is written when that is
// this document, else at the use of the part (or the variant's `variantOf`) that brought it here,
// naming the part's own file, line and column. Browser-safe: the studio runs it.
import type { ScreenDocument, ScreensManifest } from '../../renderer/types.gen';
import { checkDocument } from '../../renderer/validate/crossref';
import { splitPointer } from '../../renderer/validate/pointer';
import { validateScreenDocument } from '../../renderer/validate/validateDocument';
import type { UrlPolicy } from '../../renderer/url';
import type { Problem } from '../../renderer/validate/problem';
import { fileOf, type DocRef, type Library } from '../parts/library';
import type { Origin } from '../parts/origins';
import { resolvePartAlone, resolveScreen, type Resolution } from '../parts/resolve';
import { offsetOf, positionOf } from './jsonLocation';

export interface ExpandOptions {
  manifest?: ScreensManifest | null;
  urls?: UrlPolicy;
  /** The parts and screens a screen may draw on (its base, the parts it uses). */
  library: Library;
}

// The other screens of a library are expanded once per check, for what they say about the
// document checked and for the set's rules (checkSet.ts): a library is made per check.
const resolutions = new WeakMap<Library, Map<string, Resolution>>();

/** Screen `id` of the library (its value `value`) expanded, once per library. */
export function resolvedIn(library: Library, id: string, value: unknown): Resolution {
  let known = resolutions.get(library);
  if (!known) resolutions.set(library, (known = new Map()));
  let resolution = known.get(id);
  if (!resolution) known.set(id, (resolution = resolveScreen(value, id, library)));
  return resolution;
}

const sameDoc = (a: DocRef, b: DocRef) => a.kind === b.kind && a.name === b.name;

/** "parts/product-card.json:12:9": where an origin is, when its document's text is known. */
function whereIs(origin: Origin, library: Library): string {
  const entry = library.get(origin.doc.kind, origin.doc.name);
  const file = fileOf(origin.doc);
  if (!entry?.text) return file;
  const { line, column } = positionOf(entry.text, offsetOf(entry.tree(), splitPointer(origin.pointer)));
  return `${file}:${line}:${column}`;
}

/** Errors of the expanded document where they were written; none for a stand-in's (said already). */
const mapErrors = (errors: readonly Problem[], resolution: Resolution): Problem[] =>
  errors.map((e) => ({ ...e, origin: resolution.origin(e.pointer) })).filter((f) => !f.origin.standIn);

export interface ScreenFindings {
  /** The expanded document when the schema accepts it (what the phone would get), else null. */
  doc: ScreenDocument | null;
  /** The expanded document when the schema accepts it, block types this app does not know aside. */
  accepted: ScreenDocument | null;
  /** Each with its origin: where it was written. */
  found: Problem[];
  resolution: Resolution;
}

/**
 * Every problem of the screen `value` (id `id`), where each was written. `resolution`: its
 * expansion, when the caller has made it already.
 */
export function screenFindings(
  value: unknown,
  id: string,
  o: ExpandOptions,
  resolution: Resolution = resolveScreen(value, id, o.library),
): ScreenFindings {
  const found: Problem[] = [...resolution.issues];
  if (resolution.doc === null) return { doc: null, accepted: null, found, resolution };
  const result = validateScreenDocument(resolution.doc);
  if (!result.ok) {
    found.push(...mapErrors(result.errors, resolution));
    return { doc: null, accepted: null, found, resolution };
  }
  // In the checker a type this engine does not know is a mistake, not a newer document.
  const own: Problem[] = result.unknownTypes.map((u) => ({
    pointer: u.pointer,
    message: u.message,
    keyword: 'discriminator',
    severity: 'error',
  }));
  // Inside a block that needs a newer engine: shown, not counted (today's apps show its fallback).
  for (const e of result.deferred ?? []) own.push({ ...e, severity: 'warning' });
  found.push(
    ...mapErrors(
      [...own, ...checkDocument(result.doc, { manifest: o.manifest ?? null, urls: o.urls })],
      resolution,
    ),
  );
  return { doc: result.unknownTypes.length > 0 ? null : result.doc, accepted: result.doc, found, resolution };
}

/**
 * Places problems found while checking `self`: each at the first place of its chain (where it is
 * written, then the use that brought it, ...) that is in `self`. One written elsewhere says where.
 */
export function placeIn(self: DocRef, found: readonly Problem[], library: Library): Problem[] {
  const out: Problem[] = [];
  for (const f of found) {
    const origin = originOf(f);
    let at: Origin | null = origin;
    while (at && !sameDoc(at.doc, self)) at = at.via;
    const elsewhere = !sameDoc(origin.doc, self);
    out.push({
      pointer: at?.pointer ?? '',
      message: elsewhere
        ? `${f.message} (in ${origin.doc.kind} '${origin.doc.name}', ${whereIs(origin, library)})`
        : f.message,
      keyword: f.keyword,
      severity: f.severity,
    });
  }
  return out;
}

/** Where a problem found by expanding was written (every one has its origin). */
const originOf = (f: Problem): Origin =>
  f.origin ?? { doc: { kind: 'screen', name: '' }, pointer: f.pointer, via: null };

/** Whether an origin's chain passes through `doc`. */
const through = (origin: Origin | null, doc: DocRef): Origin | null => {
  for (let at = origin; at; at = at.via) if (sameDoc(at.doc, doc)) return at;
  return null;
};

export interface DependentFindings {
  /** The screens drawn from `self` (using the part, or variants of the screen), by id. */
  usedBy: string[];
  /** Problems those screens have because of `self`, placed in `self`. */
  placed: Problem[];
}

/**
 * What the screens that draw on `self` say about it: the problems whose definition is here (a
 * parameter given with the wrong name or type, or not given; a change aimed at a block id that is
 * not here), and the errors those screens have in what they take from here.
 */
export function dependentFindings(
  self: DocRef,
  o: ExpandOptions,
  own: readonly Problem[] = [],
): DependentFindings {
  const usedBy: string[] = [];
  const placed: Problem[] = [];
  const taken = new Set(own.filter((p) => p.severity !== 'warning').map((p) => p.pointer));
  for (const id of o.library.names('screen')) {
    if (self.kind === 'screen' && id === self.name) continue;
    const value = o.library.get('screen', id)?.value;
    if (value === undefined) continue;
    const resolution = resolvedIn(o.library, id, value);
    if (!resolution.dependsOn.some((d) => sameDoc(d, self))) continue;
    const { found } = screenFindings(value, id, o, resolution);
    usedBy.push(id);
    const user = `screen '${id}'`;
    for (const f of found) {
      if (f.definition && sameDoc(f.definition.origin.doc, self)) {
        placed.push({
          pointer: f.definition.origin.pointer,
          message: `${f.definition.message} (${whereIs(originOf(f), o.library)})`,
          keyword: f.keyword,
          severity: 'error',
          dependent: id,
        });
        continue;
      }
      const here = through(originOf(f), self);
      if (!here || f.severity === 'warning' || taken.has(here.pointer)) continue;
      placed.push({
        pointer: here.pointer,
        message: `in ${user}: ${f.message}`,
        keyword: f.keyword,
        severity: 'error',
        dependent: id,
      });
    }
  }
  return { usedBy, placed };
}

/** A part's own problems (checked alone, with its defaults), placed in it. */
export function partFindings(value: unknown, name: string, library: Library): { placed: Problem[] } {
  const self: DocRef = { kind: 'part', name };
  const alone = resolvePartAlone(value, name, library);
  const found: Problem[] = [...alone.issues];
  if (alone.doc !== null) {
    const result = validateScreenDocument(alone.doc);
    if (!result.ok) found.push(...mapErrors(result.errors, alone));
    else
      found.push(
        ...result.unknownTypes.map((u): Problem => ({
          pointer: u.pointer,
          message: u.message,
          keyword: 'discriminator',
          severity: 'error',
          origin: alone.origin(u.pointer),
        })),
      );
  }
  return { placed: placeIn(self, found, library) };
}
