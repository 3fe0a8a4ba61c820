import type { ActionRunner } from '../action';
import type { TrackAction } from '../types.gen';
import { fieldsOf } from './lib/fields';
import { reportProblem } from './lib/report';

// Analytics never block the borrower: a failing tracker is reported and the sequence goes on.
const track: ActionRunner<TrackAction> = (action, ctx) => {
  try {
    const payload = fieldsOf(ctx, action.payload);
    if (payload) ctx.engine.host.track(action.event, payload);
    else ctx.engine.host.track(action.event);
  } catch (error) {
    reportProblem(ctx, 'track-failed', error instanceof Error ? error.message : String(error));
  }
};

export default track;
