import type { ActionRunner } from '../action';
import type { SwitchAction } from '../types.gen';
import { looseEquals } from '../expr/values';

// The first case listing the value runs ('174' matches 174); otherwise `default`.
const switchAction: ActionRunner<SwitchAction> = (action, ctx) => {
  const value = ctx.evaluate(action.on);
  const cases = action.cases ?? [];
  for (let i = 0; i < cases.length; i++) {
    const candidates = cases[i]!.in ?? [];
    if (candidates.some((c) => looseEquals(value, ctx.evaluate(c))))
      return ctx.run(cases[i]!.then, `${ctx.path}/cases/${i}/then`);
  }
  return ctx.run(action.default, `${ctx.path}/default`);
};

export default switchAction;
