// Capability gating (Adaptive Cards' requires/fallback): a block or action names what it needs,
// the engine and its host say what they have. Eager: a few comparisons, run only for blocks and
// actions that declare `requires`.
import type { Host } from '../host';
import { atLeast, ENGINE_VERSION } from './version';

export type Capabilities = Readonly<Record<string, string>>;

/** The engine's version, with what the host adds (app version, bridge.<name>...); the engine's own wins. */
export function capabilitiesOf(host: Pick<Host, 'capabilities'>): Capabilities {
  return { ...(host.capabilities ?? {}), engine: ENGINE_VERSION };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether every requirement is met. A malformed `requires` is not met (the fallback shows). */
export function meets(requires: unknown, capabilities: Capabilities): boolean {
  if (requires === undefined) return true;
  if (!isObject(requires)) return false;
  for (const [name, need] of Object.entries(requires)) {
    if (typeof need !== 'string') return false;
    const have = Object.prototype.hasOwnProperty.call(capabilities, name) ? capabilities[name] : undefined;
    if (!atLeast(have, need)) return false;
  }
  return true;
}
