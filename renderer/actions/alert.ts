import type { ActionRunner } from '../action';
import type { AlertAction } from '../types.gen';
import { toText } from '../expr/values';

const alert: ActionRunner<AlertAction> = (action, ctx) => {
  ctx.engine.host.alert(toText(ctx.evaluate(action.text)));
};

export default alert;
