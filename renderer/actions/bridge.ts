import type { ActionRunner } from '../action';
import type { BridgeAction } from '../types.gen';
import { bridgeAddresses, isPageAction, mayFollow, safeUrl } from '../url';
import { payloadOf } from './lib/fields';
import { describeValue, reportProblem } from './lib/report';
import { REFUSED_MESSAGE } from './navigate';

// The host's bridge adapter knows how each native action wants its payload (D-59). An address
// handed to the native side follows the rules of navigate: http(s) only where the server sent it or
// the host trusts it, another scheme only when it is the app's own (javascript: never).
const bridge: ActionRunner<BridgeAction> = async (action, ctx) => {
  const { host, vouched } = ctx.engine;
  const payload = payloadOf(ctx, action.payload);
  const refused = bridgeAddresses(action.name, payload).find(
    (url) => !mayFollow(host, vouched, safeUrl(url) ?? url.trim()),
  );
  if (refused !== undefined) {
    if (isPageAction(action.name)) host.toast(REFUSED_MESSAGE);
    reportProblem(
      ctx,
      'unsafe-url',
      `Refused to hand ${describeValue(refused)} to the native ${action.name}`,
    );
    return 'stop';
  }
  await host.bridge(action.name, payload);
};

export default bridge;
