import type { ActionRunner } from '../action';
import type { ParallelAction } from '../types.gen';

// Settles when every branch has settled; if any branch stopped, the sequence after it does not run.
const parallel: ActionRunner<ParallelAction> = async (action, ctx) => {
  const branches = action.branches ?? [];
  const outcomes = await Promise.allSettled(
    branches.map((branch, i) => ctx.run(branch, `${ctx.path}/branches/${i}`)),
  );
  return outcomes.some((o) => o.status === 'rejected' || o.value === 'stop') ? 'stop' : 'done';
};

export default parallel;
