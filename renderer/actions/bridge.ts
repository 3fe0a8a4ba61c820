import type { ActionRunner } from '../action';
import type { BridgeAction } from '../types.gen';
import { payloadOf } from './lib/fields';

// The host's bridge adapter knows how each native action wants its payload (D-59).
const bridge: ActionRunner<BridgeAction> = async (action, ctx) => {
  const payload = payloadOf(ctx, action.payload);
  await ctx.engine.host.bridge(action.name, payload);
};

export default bridge;
