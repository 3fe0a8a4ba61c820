import type { ActionRunner, Outcome } from '../action';
import type { DelayAction } from '../types.gen';

export const MAX_DELAY_MS = 60000;

// Settles early with 'stop' when the screen goes away, so nothing runs on a dead screen.
const delay: ActionRunner<DelayAction> = (action, ctx) => {
  const { signal } = ctx.engine;
  if (signal.aborted) return 'stop';
  const ms = Math.min(Math.max(Number(action.ms) || 0, 0), MAX_DELAY_MS);
  return new Promise<Outcome>((resolve) => {
    const settle = (outcome: Outcome) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => settle('stop');
    const timer = setTimeout(() => settle('done'), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
};

export default delay;
