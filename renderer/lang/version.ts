// The engine's own version: the screen language edition it renders (x-engine-version in
// schemas/screen.schema.json, so the docs and the engine cannot disagree). schemaVersion (1) is
// the major: a document of schemaVersion 2 is refused whole. The minor grows with every edition
// that only adds: 1.0 is the first edition, 1.1 adds variables, computed values, triggers, the
// function library, requires/otherwise, onAppear and the timer additions. A block or action
// can ask for a newer one with {"requires": {"engine": "1.2"}} and say what to do otherwise.
import { ENGINE_VERSION } from './engineVersion.gen';

export { ENGINE_VERSION };

/** The numbers of a version ("3.4.0-beta" reads 3.4.0); null when it has none. */
function parts(version: string): number[] | null {
  const m = /^\d+(\.\d+)*/.exec(version.trim());
  return m ? m[0].split('.').map(Number) : null;
}

/** True when `have` is at least `need`; "*" needs only presence. Missing parts count as 0. */
export function atLeast(have: string | undefined, need: string): boolean {
  if (have === undefined) return false;
  if (need === '*' || have === '*') return true;
  const h = parts(have);
  const n = parts(need);
  if (!h || !n) return false;
  for (let i = 0; i < Math.max(h.length, n.length); i++) {
    const d = (h[i] ?? 0) - (n[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

/**
 * Whether this engine meets a `requires` on its own side (its version): what a validator can
 * know without a host. Anything else in it is the app's to answer (renderer/lang/requires.ts).
 */
export function engineMeets(requires: unknown): boolean {
  if (requires === null || typeof requires !== 'object') return true;
  const need = (requires as Record<string, unknown>).engine;
  return typeof need !== 'string' || atLeast(ENGINE_VERSION, need);
}
