// Uploads one picked file with the block's `call` action and returns what to append to the
// bound list (the `append` expression, read with the call's `result` in scope), or nothing.
import type { ActionContext } from '../../action';
import { contextFor, reportFailure, runActions } from '../../runActions';
import { evalIn, type Engine, type Frame } from '../../engine';
import { isMissing, isTruthy } from '../../expr/values';
import type { CallAction } from '../../types.gen';
import callRunner from '../../actions/call';
import type { UserAction } from '../../userAction';

interface Upload {
  upload: CallAction;
  append: unknown;
}

export async function uploadOne(
  engine: Engine,
  spec: Upload,
  file: File,
  frame: Frame,
  path: string,
  userAction: UserAction,
): Promise<unknown> {
  const fileFrame: Frame = { ...frame, vars: { ...frame.vars, file } };
  const at = `${path}/upload`;
  let result: { ok?: unknown } | undefined;
  // The call hands its reply to its branches as `result`; catching it there keeps the call
  // action itself (locks, loading, then/else, failure toasts) exactly as documents know it.
  const ctx: ActionContext = {
    ...contextFor(engine, fileFrame, at, userAction),
    run: (actions, where, vars) => {
      if (vars && 'result' in vars) result = vars.result as typeof result;
      const f = vars ? { ...fileFrame, vars: { ...fileFrame.vars, ...vars } } : fileFrame;
      return runActions(engine, actions, f, where, userAction);
    },
  };
  if (spec.upload.when !== undefined && !isTruthy(ctx.evaluate(spec.upload.when))) return undefined;
  try {
    await callRunner(spec.upload, ctx);
  } catch (error) {
    reportFailure(engine, at, error);
    return undefined;
  }
  if (!result || result.ok !== true || engine.signal.aborted) return undefined;
  const value = evalIn(engine, { ...fileFrame, vars: { ...fileFrame.vars, result } }, spec.append);
  return isMissing(value) ? undefined : value;
}
