import type { ActionRunner } from '../action';
import type { IfAction } from '../types.gen';
import { isTruthy } from '../expr/values';

// A `stop` inside a branch ends the sequence that holds this `if` as well.
const ifAction: ActionRunner<IfAction> = (action, ctx) => {
  const yes = isTruthy(ctx.evaluate(action.cond));
  return ctx.run(yes ? action.then : action.else, `${ctx.path}/${yes ? 'then' : 'else'}`);
};

export default ifAction;
