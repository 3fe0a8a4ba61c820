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
  store.set(target, value);
};

export default set;
