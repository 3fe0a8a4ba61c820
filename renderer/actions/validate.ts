import type { ActionRunner } from '../action';
import type { ValidateAction } from '../types.gen';
import { isTruthy, toText } from '../expr/values';
import { charCount } from '../blocks/input/masks';
import { reportProblem } from './lib/report';

type Rule = ValidateAction['rules'][number];

/** Why a rule fails, or null when it passes; 'bad-pattern' when its pattern does not compile. */
function check(rule: Rule, text: string): 'failed' | 'bad-pattern' | null {
  if (rule.required && text.trim() === '') return 'failed';
  if (rule.minLength !== undefined && charCount(text) < rule.minLength) return 'failed';
  if (rule.maxLength !== undefined && charCount(text) > rule.maxLength) return 'failed';
  if (rule.pattern !== undefined) {
    let pattern: RegExp;
    try {
      // Patterns are data from the document; RegExp compiles them without running code.
      pattern = new RegExp(rule.pattern);
    } catch {
      return 'bad-pattern';
    }
    if (!pattern.test(text)) return 'failed';
  }
  return null;
}

/** Checks rules in order; the first that fails toasts its message and ends the sequence (D-16). */
const validate: ActionRunner<ValidateAction> = (action, ctx) => {
  for (const [i, rule] of action.rules.entries()) {
    if (rule.when !== undefined && !isTruthy(ctx.evaluate(rule.when))) continue;
    const outcome = check(rule, toText(ctx.evaluate(rule.value)));
    if (!outcome) continue;
    if (outcome === 'bad-pattern')
      reportProblem(
        { ...ctx, path: `${ctx.path}/rules/${i}` },
        'invalid-pattern',
        `Rule ${i} has a pattern that is not a valid regular expression`,
      );
    const message = toText(ctx.evaluate(rule.message));
    if (message) ctx.engine.host.toast(message);
    return 'stop';
  }
  return 'done';
};

export default validate;
