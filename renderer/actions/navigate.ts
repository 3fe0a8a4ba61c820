import type { ActionRunner } from '../action';
import type { NavigateAction } from '../types.gen';
import type { NavigateOptions } from '../host';
import { isExternal, safeUrl } from '../url';
import { toText } from '../expr/values';
import { fieldsOf } from './lib/fields';
import { describeValue, reportProblem } from './lib/report';

export const REFUSED_MESSAGE = 'This link cannot be opened';

const navigate: ActionRunner<NavigateAction> = (action, ctx) => {
  const { host } = ctx.engine;
  const raw = ctx.evaluate(action.to);
  const target = safeUrl(raw);
  if (!target) {
    // Ruling 11: a server address that is not http(s) or an app path is never followed.
    const message =
      action.refusedMessage === undefined ? REFUSED_MESSAGE : toText(ctx.evaluate(action.refusedMessage));
    if (message) host.toast(message);
    reportProblem(ctx, 'unsafe-url', `Refused to navigate to ${describeValue(raw)}`);
    return 'stop';
  }
  // Session parameters go to our own pages by default, never to a third party unless the
  // document asks (lendDetailsUrl, D-50); the host still appends them to own-origin targets only.
  const external = isExternal(target);
  const options: NavigateOptions = {
    replace: action.replace === true,
    commonParams: external ? action.commonParams === true : action.commonParams !== false,
  };
  const query = fieldsOf(ctx, action.query);
  if (query) options.query = query;
  host.navigate(target, options);
};

export default navigate;
