// The studio API's shapes for experiments (docs/api.md "Experiments (issue 19)").

export interface Arm {
  arm: string;
  revisionId: number | null;
  weight: number;
}

export interface Experiment {
  id: number;
  kind: 'experiment' | 'rollout';
  screen: string;
  name: string;
  status: 'running' | 'stopped' | 'promoted';
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
  changes?: { action: string; actor: string; at: string; detail: Record<string, unknown> }[];
}

export interface Interval {
  low: number;
  high: number;
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
  effect: {
    difference: number;
    interval: Interval;
    lift: number | null;
    liftInterval: Interval | null;
    pValue: number;
  } | null;
  verdict: 'control' | 'better' | 'worse' | 'unclear' | 'too-few';
}

export interface Results {
  goal: string;
  method: { name: string; alpha: number; perComparisonAlpha: number; planned: number; minExposures: number };
  arms: ArmResult[];
  multipleExposures: number;
  sampleRatio: { chiSquare: number; pValue: number; mismatch: boolean } | null;
  sampleRatioNote: string | null;
  winner: string | null;
  days: { day: string; exposures: number[]; conversions: number[] }[];
  goals: string[];
}

export const STATUS_LABEL: Record<Experiment['status'], string> = {
  running: 'Running',
  stopped: 'Stopped',
  promoted: 'Ended',
};

/** "B" for arm 'b'; the control says so. */
export const armName = (arm: string): string => (arm === 'a' ? 'A (control)' : arm.toUpperCase());

export const percent = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined ? '–' : `${(value * 100).toFixed(digits)}%`;
