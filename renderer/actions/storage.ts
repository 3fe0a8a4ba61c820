import type { ActionRunner } from '../action';
import type { StorageAction } from '../types.gen';
import type { KeyValueStorage } from '../host';
import { toText } from '../expr/values';
import { reportProblem } from './lib/report';
import { writableTarget } from './lib/target';

/** Objects and lists are stored as JSON, everything else as its text. */
function serialize(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : toText(value);
}

/**
 * Text that looks like a JSON object or list is parsed (null when corrupt); other text is kept
 * as it is, so a 20-digit pay code or "007" never turns into a number.
 */
function deserialize(text: string | null): unknown {
  if (text === null) return null;
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return null;
  }
}

function read(kv: KeyValueStorage, key: string): unknown {
  try {
    return deserialize(kv.getItem(key));
  } catch {
    return null;
  }
}

const storage: ActionRunner<StorageAction> = (action, ctx) => {
  const { host } = ctx.engine;
  const kv = host.storage(action.scope);
  if (action.op === 'get') {
    const target = writableTarget(ctx, action.into);
    if (!target) return 'stop';
    ctx.engine.store.set(target, action.key ? read(kv, action.key) : null);
    return;
  }
  // A full or forbidden storage (private browsing) must not block the flow: report and go on.
  try {
    if (action.op === 'set' && action.key) {
      const value = ctx.evaluate(action.value);
      if (value === undefined || value === null) kv.removeItem(action.key);
      else kv.setItem(action.key, serialize(value));
    } else if (action.op === 'remove' && action.key) {
      kv.removeItem(action.key);
    } else if (action.op === 'clearPrefix' && action.prefix) {
      for (const key of kv.keys()) if (key.startsWith(action.prefix)) kv.removeItem(key);
    }
  } catch (error) {
    reportProblem(ctx, 'storage-failed', error instanceof Error ? error.message : String(error));
  }
};

export default storage;
