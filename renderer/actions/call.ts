import type { ActionContext, ActionRunner, Outcome } from '../action';
import type { CallAction } from '../types.gen';
import type { ApiCall, ApiResult } from '../host';
import { evaluateBody, evaluateFields } from '../expr/evaluate';
import { readPath } from '../expr/path';
import { evalEnv, storePath } from '../engine';
import { toText } from '../expr/values';
import { keyFor, settleKey } from '../userAction';
import { shapeMismatch } from '../shape';
import { collectUrls } from '../url';
import { reportProblem } from './lib/report';

// Calls in flight by lock name, per engine: a second tap on Pay while the first is pending does nothing.
const inFlight = new WeakMap<object, Set<string>>();

/** What makes two calls the same request (files by name, size, type and date). */
function requestText(request: ApiCall): string {
  const files = Object.entries(request.files ?? {}).map(([field, f]) => [
    field,
    f.size,
    f.type,
    f instanceof File ? `${f.name} ${f.lastModified}` : '',
  ]);
  return JSON.stringify([request.api, request.method, request.path, request.body, request.query, files]);
}

function locksOf(engine: object): Set<string> {
  let set = inFlight.get(engine);
  if (!set) inFlight.set(engine, (set = new Set()));
  return set;
}

/** What one call came to: the branches' outcome, and the reply as the branches saw it. */
export interface CallRun {
  outcome: Outcome;
  /** Null when the call did not run (its lock was taken) or the screen went away. */
  result: ApiResult | null;
}

export const UNEXPECTED_REPLY = 'unexpected-reply';
export const UNEXPECTED_MESSAGE = 'Something went wrong. Please try again.';

/**
 * A reply the screen cannot use is a failure like any other: the declared shape (`expect`), or for a
 * source that stores its data, at least some data (`success: true, data: null` is not a loan).
 */
function checkShape(action: CallAction, result: ApiResult, source: boolean, ctx: ActionContext): ApiResult {
  if (!result.ok) return result;
  const problem =
    action.expect !== undefined
      ? shapeMismatch(result.data, action.expect)
      : source && action.into && (result.data === null || result.data === undefined)
        ? 'the data: missing'
        : null;
  if (!problem) return result;
  reportProblem(ctx, UNEXPECTED_REPLY, `${action.path}: ${problem}`);
  return { ok: false, code: UNEXPECTED_REPLY, message: '' };
}

/**
 * Runs one call and its branches. `source`: a screen source, whose failure the screen shows itself
 * (no toast here for a reply of the wrong shape). `signal`: ends the call (the screen's, or a
 * source's attempt, renderer/sources.ts).
 */
export async function runCall(
  action: CallAction,
  ctx: ActionContext,
  source = false,
  signal = ctx.engine.signal,
): Promise<CallRun> {
  const { engine, frame } = ctx;
  const locks = locksOf(engine);
  if (action.lock && locks.has(action.lock)) return { outcome: 'stop', result: null };
  const env = evalEnv(engine, frame);
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

  const sent = ctx.userAction ? requestText(request) : '';
  if (ctx.userAction) request.idempotencyKey = keyFor(engine, ctx.userAction, ctx.path, sent);

  const busyKey = action.lock ?? ctx.path;
  if (action.lock) locks.add(action.lock);
  engine.store.update((s) => {
    s.busy[busyKey] = true;
  });
  let result: ApiResult;
  try {
    result = await engine.host.request(request, signal);
  } catch (error) {
    // The host promises to settle with a result; if it throws anyway the call still settles.
    result = { ok: false, network: true, message: error instanceof Error ? error.message : String(error) };
  } finally {
    if (action.lock) locks.delete(action.lock);
    engine.store.update((s) => {
      delete s.busy[busyKey];
    });
  }
  if (request.idempotencyKey)
    settleKey(engine, ctx.path, sent, request.idempotencyKey, result.network === true);
  if (signal.aborted) return { outcome: 'stop', result: null };
  result = checkShape(action, result, source, ctx);
  if (result.code === UNEXPECTED_REPLY && !source && action.toastFailure !== false)
    engine.host.toast(UNEXPECTED_MESSAGE);
  if (result.ok) {
    collectUrls(result.data, engine.vouched);
    if (action.into) engine.store.set(storePath(action.into, frame), result.data);
  }
  const vars = { result };
  const branch = result.ok ? action.then : action.else;
  const outcome = await ctx.run(branch, `${ctx.path}/${result.ok ? 'then' : 'else'}`, vars);
  const after = await ctx.run(action.finally, `${ctx.path}/finally`, vars);
  return { outcome: outcome === 'stop' || after === 'stop' ? 'stop' : 'done', result };
}

const call: ActionRunner<CallAction> = async (action, ctx) => (await runCall(action, ctx)).outcome;

export default call;
