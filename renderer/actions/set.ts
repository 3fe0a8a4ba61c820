import type { ActionRunner } from '../action';
import type { SetAction } from '../types.gen';
import { readPath } from '../expr/path';
import { writableTarget } from './lib/target';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const set: ActionRunner<SetAction> = (action, ctx) => {
  const { store } = ctx.engine;
  const target = writableTarget(ctx, action.path);
  if (!target) return 'stop';
  let value = ctx.evaluate(action.value);
  if (action.merge && isPlainObject(value)) {
    const current = readPath(store.get(), target);
    if (isPlainObject(current)) value = { ...current, ...value };
  }
  // A typed variable refuses a value not of its type (reported by the store's guard): stop here.
  if (!store.set(target, value)) return 'stop';
};

export default set;
