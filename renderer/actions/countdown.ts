import type { ActionRunner } from '../action';
import type { CountdownAction } from '../types.gen';
import { reportProblem } from './lib/report';

const countdown: ActionRunner<CountdownAction> = (action, ctx) => {
  const { engine } = ctx;
  if (!Object.prototype.hasOwnProperty.call(engine.doc.timers ?? {}, action.timer)) {
    reportProblem(ctx, 'unknown-timer', `No timer "${action.timer}" in this screen`);
    return 'stop';
  }
  // start() ignores a running timer: a second tap on "Send code" does not restart the countdown.
  if (action.op === 'start') engine.timers.start(action.timer);
  else if (action.op === 'stop' || action.op === 'pause') engine.timers.stop(action.timer);
  else if (action.op === 'resume') engine.timers.resume(action.timer);
  else engine.timers.reset(action.timer);
};

export default countdown;
