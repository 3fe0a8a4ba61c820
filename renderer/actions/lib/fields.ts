// Evaluating the named-value maps (`fields`) that actions hand to the host.
import type { ActionContext } from '../../action';
import { evalEnv } from '../../engine';
import { evaluateFields, isOperatorCall } from '../../expr/evaluate';

/** Evaluates `{name: expr}` into a fresh object; undefined when the action has no such map. */
export function fieldsOf(ctx: ActionContext, fields: unknown): Record<string, unknown> | undefined {
  if (fields === undefined) return undefined;
  const { engine, frame } = ctx;
  return evaluateFields(fields, evalEnv(engine, frame));
}

/** True for an object with exactly one key that names an operator, e.g. {"$": "data.x"}. */
export function isOperator(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && isOperatorCall(keys[0]!, (value as Record<string, unknown>)[keys[0]!]);
}

/**
 * A payload written either as fields ({"productId": {"$": "params.productId"}}) or as one
 * expression ({"$": "data.jumpUrl"}, a string, a list). An object whose single key is an
 * operator is read as an expression; any other object is read as fields.
 */
export function payloadOf(ctx: ActionContext, payload: unknown): unknown {
  if (payload === undefined) return undefined;
  if (payload && typeof payload === 'object' && !Array.isArray(payload) && !isOperator(payload))
    return fieldsOf(ctx, payload);
  return ctx.evaluate(payload);
}
