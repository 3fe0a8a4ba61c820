import type { ActionRunner } from '../action';
import type { StopAction } from '../types.gen';

/** Ends the sequence it is in (and, inside an `if` or `switch` branch, the one around it). */
const stop: ActionRunner<StopAction> = () => 'stop';

export default stop;
