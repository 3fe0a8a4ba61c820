import type { ActionRunner } from '../action';
import type { NavigateAction } from '../types.gen';
import type { NavigateOptions } from '../host';
import { isExternal, mayFollow, readsReply, safeUrl } from '../url';
import { toText } from '../expr/values';
import { fieldsOf } from './lib/fields';
import { describeValue, reportProblem } from './lib/report';

export const REFUSED_MESSAGE = 'This link cannot be opened';

const navigate: ActionRunner<NavigateAction> = async (action, ctx) => {
  const { host, vouched } = ctx.engine;
  const raw = ctx.evaluate(action.to);
  const safe = safeUrl(raw);
  // Ruling 11: only http(s) and app paths. Issue 20: another site only at an address the server
  // sent; one the document put together (its own text, params, a form) could carry the session off.
  const target = safe && mayFollow(host, vouched, safe) ? safe : null;
  if (!target) {
    const message =
      action.refusedMessage === undefined ? REFUSED_MESSAGE : toText(ctx.evaluate(action.refusedMessage));
    if (message) host.toast(message);
    reportProblem(ctx, safe ? 'offsite-url' : 'unsafe-url', `Refused to navigate to ${describeValue(raw)}`);
    return 'stop';
  }
  // Session parameters go to our own pages by default, never to a third party; the one exception
  // is an address the server handed out for it (lendDetailsUrl, D-50), read straight from the reply.
  const external = isExternal(target);
  const anyOrigin = action.commonParams === 'anyOrigin' && readsReply(action.to) && vouched.has(target);
  const options: NavigateOptions = {
    replace: action.replace === true,
    commonParams: anyOrigin
      ? 'anyOrigin'
      : external
        ? action.commonParams === true || action.commonParams === 'anyOrigin'
        : action.commonParams !== false,
  };
  const query = fieldsOf(ctx, action.query);
  if (query) options.query = query;
  // Only now is the navigation sure to happen (issue 16 item 7).
  if (action.before && (await ctx.run(action.before, `${ctx.path}/before`)) === 'stop') return 'stop';
  host.navigate(target, options);
};

export default navigate;
