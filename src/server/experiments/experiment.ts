// An experiment as the studio API shows it (camelCase, weights in percent), and its timeline.
import type { ExperimentKind, ExperimentStatus } from './tables.js';

export interface Arm {
  arm: string;
  /** null: the live revision (the control). */
  revisionId: number | null;
  /** Percent of borrowers. */
  weight: number;
}

export interface Experiment {
  id: number;
  kind: ExperimentKind;
  screen: string;
  name: string;
  status: ExperimentStatus;
  goal: string;
  planned: number;
  startedBy: string;
  startedAt: string;
  fourEyesWaived: boolean;
  endedBy: string | null;
  endedAt: string | null;
  winner: string | null;
  publicationId: number | null;
  arms: Arm[];
  /** The results as they were when it ended (kept beyond the raw events' retention). */
  finalResults: unknown;
}

/** One step of its timeline: start, ramp, stop, promote. */
export interface ExperimentChange {
  action: string;
  actor: string;
  at: string;
  detail: Record<string, unknown>;
}
