import type { ActionRunner } from '../action';
import type { BackAction } from '../types.gen';
import { isExternal, safeUrl } from '../url';

const back: ActionRunner<BackAction> = (action, ctx) => {
  // The fallback is an app path only: "back" must never leave the app for an outside site.
  const fallback = action.fallback === undefined ? null : safeUrl(action.fallback);
  ctx.engine.host.back(fallback && !isExternal(fallback) ? fallback : undefined);
};

export default back;
