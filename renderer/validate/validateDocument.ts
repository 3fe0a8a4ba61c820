// Checks a screen document or the manifest against the precompiled validators (no schema
// compiler in the bundle) and explains what is wrong in plain English.
//
// A document that is wrong ONLY in naming block types or actions this app does not know is
// accepted with `unknownTypes`: it was probably written for a newer app, and the engine renders it
// with placeholders where those blocks go. A document whose schemaVersion is newer is refused.
// Inside a block or action that requires a newer engine ({"requires": {"engine": "1.2"}}) nothing
// is an error: this engine shows its fallback there, so what it cannot read there does not
// matter. Such errors come back as `deferred` (the checker shows them as warnings).
import type { ScreenDocument, ScreensManifest } from '../types.gen';
import * as generated from './validators.gen.js';
import { explainErrors, unknownTypesOf, type RawError, type UnknownType } from './messages';
import type { Problem } from './problem';
import { engineMeets } from '../lang/version';
import { splitPointer } from './pointer';

export type { UnknownType } from './messages';

interface CompiledValidator {
  (data: unknown): boolean;
  errors?: RawError[] | null;
}

const validators = generated as unknown as {
  validateScreen: CompiledValidator;
  validateManifest: CompiledValidator;
};

/** The schemaVersions this app renders. */
export const supportedSchemaVersions: readonly number[] = [1];

/** Deeper documents are refused before validation, so nothing recurses without bound. */
export const MAX_DEPTH = 128;

export type ScreenValidation =
  | { ok: true; doc: ScreenDocument; unknownTypes: UnknownType[]; deferred?: Problem[] }
  | { ok: false; errors: Problem[] };

export type ManifestValidation = { ok: true; manifest: ScreensManifest } | { ok: false; errors: Problem[] };

function tooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= MAX_DEPTH) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

const fail = (message: string, keyword: string, pointer = ''): { ok: false; errors: Problem[] } => ({
  ok: false,
  errors: [{ pointer, message, keyword, severity: 'error' }],
});

function run(validate: CompiledValidator, value: unknown): RawError[] | { failure: string } {
  try {
    return validate(value) ? [] : [...(validate.errors ?? [])];
  } catch (error) {
    // A stack overflow on a pathological document must not take the app down.
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}

export function validateScreenDocument(doc: unknown): ScreenValidation {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return fail('a screen document must be a JSON object ({ ... })', 'type');
  const version = (doc as { schemaVersion?: unknown }).schemaVersion;
  const newest = Math.max(...supportedSchemaVersions);
  if (typeof version === 'number' && version > newest)
    return fail(
      `this screen needs a newer app (schemaVersion ${version}; this app renders ${supportedSchemaVersions.join(', ')})`,
      'schemaVersion',
      '/schemaVersion',
    );
  if (tooDeep(doc)) return fail(`the screen is nested more than ${MAX_DEPTH} levels deep`, 'depth');
  const raw = run(validators.validateScreen, doc);
  if (!Array.isArray(raw)) return fail(`the screen could not be checked: ${raw.failure}`, 'internal');
  if (raw.length === 0) return { ok: true, doc: doc as ScreenDocument, unknownTypes: [] };
  const all = explainErrors(raw, doc, 'screen');
  const deferred = all.filter((e) => insideNewer(doc, e.pointer));
  const errors = all.filter((e) => !deferred.includes(e));
  const unknownTypes = unknownTypesOf(raw, errors).filter((u) => !insideNewer(doc, u.pointer));
  const onlyUnknown = errors.every(
    (e) => e.keyword === 'discriminator' && unknownTypes.some((u) => u.pointer === e.pointer),
  );
  if (onlyUnknown)
    return {
      ok: true,
      doc: doc as ScreenDocument,
      unknownTypes,
      ...(deferred.length > 0 ? { deferred } : {}),
    };
  return { ok: false, errors };
}

/** Whether the pointer is at or inside an object that requires a newer engine than this one. */
function insideNewer(doc: unknown, pointer: string): boolean {
  let value = doc;
  for (const key of ['', ...splitPointer(pointer)]) {
    if (key !== '') {
      if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, key))
        return false;
      value = (value as Record<string, unknown>)[key];
    }
    if (
      value !== null &&
      typeof value === 'object' &&
      !engineMeets((value as { requires?: unknown }).requires)
    )
      return true;
  }
  return false;
}

export function validateManifest(manifest: unknown): ManifestValidation {
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest))
    return fail('the manifest must be a JSON object ({ ... })', 'type');
  if (tooDeep(manifest)) return fail(`the manifest is nested more than ${MAX_DEPTH} levels deep`, 'depth');
  const raw = run(validators.validateManifest, manifest);
  if (!Array.isArray(raw)) return fail(`the manifest could not be checked: ${raw.failure}`, 'internal');
  if (raw.length === 0) return { ok: true, manifest: manifest as ScreensManifest };
  return { ok: false, errors: explainErrors(raw, manifest, 'manifest') };
}
