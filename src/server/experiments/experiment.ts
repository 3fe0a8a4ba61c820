// An experiment as the studio API shows it (camelCase, weights in percent), and its timeline: the
// shapes live below the server and the studio, in src/wire/experiments.ts (issue 27 item 2).
export type { Arm, Experiment, ExperimentChange } from '../../wire/experiments.js';
