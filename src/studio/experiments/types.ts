// The studio API's shapes for experiments (docs/api.md "Experiments (issue 19)").
// The shapes are the wire's (src/wire/experiments.ts), which the server answers with.
import type { Experiment as Stored } from '../../wire/experiments';

export type { Arm, ArmResult, Results } from '../../wire/experiments';

/** An experiment as `GET /experiments/:id` gives it, with its timeline. */
export type Experiment = Stored & {
  changes?: { action: string; actor: string; at: string; detail: Record<string, unknown> }[];
};

export const STATUS_LABEL: Record<Experiment['status'], string> = {
  running: 'Running',
  stopped: 'Stopped',
  promoted: 'Ended',
};

/** The drafts' badge colour (its data-status) an experiment's status is shown in. */
export const STATUS_BADGE: Record<Experiment['status'], 'scheduled' | 'published'> = {
  running: 'scheduled',
  stopped: 'published',
  promoted: 'published',
};

/** "B" for arm 'b'; the control says so. */
export const armName = (arm: string): string => (arm === 'a' ? 'A (control)' : arm.toUpperCase());

export const percent = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined ? '–' : `${(value * 100).toFixed(digits)}%`;
