import type { ActionRunner } from '../action';
import type { ToastAction } from '../types.gen';
import { toText } from '../expr/values';

const toast: ActionRunner<ToastAction> = (action, ctx) => {
  ctx.engine.host.toast(toText(ctx.evaluate(action.text)), action.ms);
};

export default toast;
