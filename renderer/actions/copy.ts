import type { ActionRunner } from '../action';
import type { CopyAction } from '../types.gen';
import { toText } from '../expr/values';

const copy: ActionRunner<CopyAction> = async (action, ctx) => {
  const { host } = ctx.engine;
  const text = toText(ctx.evaluate(action.text));
  let copied = false;
  // Copying nothing (a missing pay code) is not a success: no "copy success" toast for it.
  if (text !== '') {
    try {
      copied = (await host.clipboard(text)) === true;
    } catch {
      copied = false;
    }
  }
  const message = copied ? action.toast : action.failToast;
  if (message !== undefined) {
    const shown = toText(ctx.evaluate(message));
    if (shown) host.toast(shown);
  }
};

export default copy;
