import type { ActionRunner } from '../action';
import type { CallAction } from '../types.gen';
import type { ApiCall, ApiResult } from '../host';
import { evaluateBody, evaluateFields } from '../expr/evaluate';
import { readPath } from '../expr/path';
import { scopeOf, storePath } from '../engine';
import { toText } from '../expr/values';

// Calls in flight by lock name, per engine: a second tap on Pay while the first is pending does nothing.
const inFlight = new WeakMap<object, Set<string>>();

function locksOf(engine: object): Set<string> {
  let set = inFlight.get(engine);
  if (!set) inFlight.set(engine, (set = new Set()));
  return set;
}

const call: ActionRunner<CallAction> = async (action, ctx) => {
  const { engine, frame } = ctx;
  const locks = locksOf(engine);
  if (action.lock && locks.has(action.lock)) return 'stop';
  const env = { scope: scopeOf(engine.store.get(), frame, engine.host), format: engine.host.format };
  const request: ApiCall = {
    api: action.api,
    method: action.method ?? 'POST',
    path: action.path,
    body: evaluateBody(action.body, env),
    query: evaluateFields(action.query, env),
  };
  if (action.timeoutMs) request.timeoutMs = action.timeoutMs;
  if (action.toastFailure !== undefined) request.toastFailure = action.toastFailure;
  if (action.loading !== undefined) request.loading = toText(ctx.evaluate(action.loading));
  if (action.files) {
    request.files = {};
    for (const [field, path] of Object.entries(action.files)) {
      const file = path ? readPath(env.scope, path) : undefined;
      if (file instanceof Blob) request.files[field] = file;
    }
  }

  const busyKey = action.lock ?? ctx.path;
  if (action.lock) locks.add(action.lock);
  engine.store.update((s) => {
    s.busy[busyKey] = true;
  });
  let result: ApiResult;
  try {
    result = await engine.host.request(request, engine.signal);
  } catch (error) {
    // The host promises to settle with a result; if it throws anyway the call still settles.
    result = { ok: false, network: true, message: error instanceof Error ? error.message : String(error) };
  } finally {
    if (action.lock) locks.delete(action.lock);
    engine.store.update((s) => {
      delete s.busy[busyKey];
    });
  }
  if (engine.signal.aborted) return 'stop';
  if (result.ok && action.into) engine.store.set(storePath(action.into, frame), result.data);
  const vars = { result };
  const branch = result.ok ? action.then : action.else;
  const outcome = await ctx.run(branch, `${ctx.path}/${result.ok ? 'then' : 'else'}`, vars);
  const after = await ctx.run(action.finally, `${ctx.path}/finally`, vars);
  return outcome === 'stop' || after === 'stop' ? 'stop' : 'done';
};

export default call;
