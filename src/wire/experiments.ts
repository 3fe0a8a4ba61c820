// The studio API's experiment shapes (docs/api.md "Experiments"): what the server's experiments
// module answers and the studio reads. Declared here, below both, so the studio never imports the
// server (issue 27 item 2); the server's modules re-export them under the names they always had.

export type ExperimentKind = 'experiment' | 'rollout';
export type ExperimentStatus = 'running' | 'stopped' | 'promoted';

export interface Arm {
  arm: string;
  /** null: the live revision (the control). */
  revisionId: number | null;
  /** Percent of borrowers. */
  weight: number;
}

/** An experiment as the studio API shows it (camelCase, weights in percent). */
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

export interface Interval {
  low: number;
  high: number;
}

export interface Effect {
  /** Difference in conversion rate (arm minus control), in [−1, 1]. */
  difference: number;
  /** Its always-valid confidence interval. */
  interval: Interval;
  /** Relative change against the control's rate (null when the control has none). */
  lift: number | null;
  liftInterval: Interval | null;
  pValue: number;
}

export interface SampleRatio {
  chiSquare: number;
  pValue: number;
  /** The split does not match the weights (p below SRM_P). */
  mismatch: boolean;
}

export interface Discarded {
  reason: string;
  count: number;
  why: string;
}

export interface Warning {
  kind: 'unserved-claims' | 'address-burst' | 'address-cap';
  message: string;
}

/** How far the results can be trusted: what was left out and why, and what looks forged. */
export interface Quality {
  /** 'server': the goal is a server action and only the server's records count. */
  goalRecordedBy: 'server' | 'page';
  /** Borrowers the server served an arm, those counted, and those left out by reason. */
  exposures: { served: number; counted: number; discarded: Discarded[] };
  /** Goal events in the period, those that are conversions, and the rest by reason. */
  goalEvents: { received: number; counted: number; discarded: Discarded[] };
  warnings: Warning[];
  limits: {
    newBorrowersPerAddressHour: number;
    newBorrowersPerAddressDay: number;
    /** A burst: this many goal events within this many minutes from one address. */
    burst: { readonly events: number; readonly minutes: number };
  };
}

export interface ArmResult {
  arm: string;
  variant: string;
  revisionId: number | null;
  weight: number;
  exposures: number;
  conversions: number;
  rate: number | null;
  rateInterval: Interval | null;
  /** Against the control (null for the control itself). */
  effect: Effect | null;
  /** 'better' / 'worse': significant either way; 'unclear': not (yet); 'too-few': under MIN_EXPOSURES. */
  verdict: 'control' | 'better' | 'worse' | 'unclear' | 'too-few';
}

export interface DayPoint {
  day: string;
  /** Per arm, in the arms' order: borrowers exposed and converted up to the end of this day. */
  exposures: number[];
  conversions: number[];
}

export interface Results {
  experimentId: number;
  goal: string;
  /** The method and its parameters, as the studio names them. */
  method: { name: string; alpha: number; perComparisonAlpha: number; planned: number; minExposures: number };
  arms: ArmResult[];
  /** Borrowers seen in more than one arm (left out of the counts; also in `quality`). */
  multipleExposures: number;
  /** What was left out and why, and warnings of forged or bursty data (counting.ts). */
  quality: Quality;
  sampleRatio: SampleRatio | null;
  /** Why there is no sample-ratio check (a rollout whose share changed). */
  sampleRatioNote: string | null;
  /** The arm the evidence favours, when one is significantly better than the control. */
  winner: string | null;
  days: DayPoint[];
  /** Event names seen on the screen's borrowers meanwhile: candidates for the goal. */
  goals: string[];
  from: string;
  to: string;
}
