// Runs action lists: finds each action in the registry and hands it its context (the contract is
// action.ts). The one place that imports the actions, so none of them imports it back.
import type { Engine, Frame } from './engine';
import { evalIn, ROOT_FRAME } from './engine';
import { isTruthy } from './expr/values';
import { actionRegistry } from './actions/registry.gen';
import type { UserAction } from './userAction';
import { capabilitiesOf, meets } from './lang/requires';
import type { ActionContext, Outcome } from './action';

export function contextFor(
  engine: Engine,
  frame: Frame,
  path: string,
  userAction?: UserAction,
): ActionContext {
  return {
    engine,
    frame,
    path,
    userAction,
    evaluate: (expr) => evalIn(engine, frame, expr),
    run: (actions, at, vars) =>
      runActions(
        engine,
        actions,
        vars ? { ...frame, vars: { ...frame.vars, ...vars } } : frame,
        at,
        userAction,
      ),
    runAtRoot: (actions, at) => runActions(engine, actions, ROOT_FRAME, at),
  };
}

/**
 * Runs actions one after the other. Never throws: an unknown or failing action is
 * reported through the host and ends the sequence, so nothing downstream runs half-done.
 * An action whose `requires` is not met, or that this engine does not know, runs its
 * `otherwise` instead; without one, an unmet action is skipped (an unknown one still stops).
 */
export async function runActions(
  engine: Engine,
  actions: unknown,
  frame: Frame,
  path: string,
  userAction?: UserAction,
): Promise<Outcome> {
  if (!Array.isArray(actions)) return 'done';
  for (let i = 0; i < actions.length; i++) {
    if (engine.signal.aborted) return 'stop';
    const action = actions[i] as Record<string, unknown>;
    const at = `${path}/${i}`;
    const ctx = contextFor(engine, frame, at, userAction);
    if (action && 'when' in action && !isTruthy(ctx.evaluate(action.when))) continue;
    const kind = typeof action?.do === 'string' ? action.do : '';
    const runner = Object.prototype.hasOwnProperty.call(actionRegistry, kind)
      ? actionRegistry[kind]
      : undefined;
    const unmet =
      action?.requires !== undefined &&
      !meets(action.requires, (engine.capabilities ??= capabilitiesOf(engine.host)));
    if (unmet || (!runner && Array.isArray(action?.otherwise))) {
      if ((await runActions(engine, action?.otherwise, frame, `${at}/otherwise`)) === 'stop') return 'stop';
      continue;
    }
    if (!runner) {
      engine.host.report({
        screenId: engine.screenId,
        blockPath: at,
        code: 'unknown-action',
        message: `Unknown action "${kind}"`,
      });
      return 'stop';
    }
    try {
      if ((await runner(action, ctx)) === 'stop') return 'stop';
    } catch (error) {
      reportFailure(engine, at, error);
      return 'stop';
    }
  }
  return 'done';
}

/** An action that threw: the host hears of it (the sequence it was in ends). */
export function reportFailure(engine: Engine, path: string, error: unknown): void {
  engine.host.report({
    screenId: engine.screenId,
    blockPath: path,
    code: 'action-failed',
    message: error instanceof Error ? error.message : String(error),
  });
}
