// Evaluating library calls in tests: the library registered, the clock set.
import { evaluate, registerOperators } from '../../../../renderer/expr/evaluate';
import { LIBRARY } from '../../../../renderer/expr/functions/library.gen';

registerOperators(LIBRARY);

/** 2025-02-28T23:30:00+08:00: half an hour before midnight in Manila. */
export const NOW = Date.parse('2025-02-28T15:30:00Z');

export function call(expr: unknown, scope: Record<string, unknown> = {}, now = NOW): unknown {
  return evaluate(expr, { scope, format: () => '', now: () => now });
}
