import type { ActionRunner } from '../action';
import type { TimestampAction } from '../types.gen';
import { writableTarget } from './lib/target';

// The time comes from the host's clock (not Date.now here), so tests and the app agree on it.
const timestamp: ActionRunner<TimestampAction> = (action, ctx) => {
  const target = writableTarget(ctx, action.into);
  if (!target) return 'stop';
  ctx.engine.store.set(target, ctx.engine.host.now());
};

export default timestamp;
