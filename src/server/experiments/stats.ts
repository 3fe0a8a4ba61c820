// The statistics of an experiment's results (docs/decisions.md, "Issue 19: rollouts and
// experiments"): per arm a conversion rate with its Wilson score interval; per arm against the
// control the difference with an always-valid confidence sequence (the asymptotic confidence
// sequence of Waudby-Smith et al. 2023, as GrowthBook's sequential testing), valid however often
// people look; and a sample-ratio-mismatch test (chi-square goodness of fit). Distributions come
// from jstat; the confidence sequence is a closed formula.
import jstatModule from 'jstat';

import type { Effect, Interval, SampleRatio } from '../../wire/experiments.js';

export type { Effect, Interval, SampleRatio };

const { jStat } = jstatModule;

export const ALPHA = 0.05;
/** GrowthBook's default: the number of units where the sequence is tightest. */
export const DEFAULT_PLANNED = 5000;
/** Below this many exposures in an arm the normal approximation is not trusted: no verdict. */
export const MIN_EXPOSURES = 50;
/** A sample ratio this unlikely under the weights means the split itself is broken (GrowthBook's threshold). */
export const SRM_P = 0.001;

/** Wilson's score interval for `successes` of `n` (Newcombe 1998, method 3). */
export function wilson(successes: number, n: number, alpha = ALPHA): Interval | null {
  if (n <= 0) return null;
  const z = jStat.normal.inv(1 - alpha / 2, 0, 1);
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The mixing parameter of the sequence, tuned so that it is tightest near `planned` units. */
const rhoSquared = (planned: number, alpha: number) =>
  (-2 * Math.log(alpha) + Math.log(-2 * Math.log(alpha) + 1)) / planned;

/**
 * Half the width of the asymptotic confidence sequence for an estimate with variance `variance`
 * from `n` units in all, tuned to be tightest near `planned` units (Waudby-Smith et al. 2023,
 * eq. 2.7, the "Robbins normal mixture"; GrowthBook's `sequential_interval_halfwidth`).
 */
export function sequentialHalfWidth(variance: number, n: number, planned: number, alpha = ALPHA): number {
  const rho2 = rhoSquared(planned, alpha);
  const s2 = variance * n;
  return (
    Math.sqrt(s2) *
    Math.sqrt(((2 * (n * rho2 + 1)) / (n * n * rho2)) * Math.log(Math.sqrt(n * rho2 + 1) / alpha))
  );
}

/**
 * The always-valid p-value of "no difference": 1 / the mixture martingale at zero (Johari et al.'s
 * mSPRT p-value), with the mixing of the alpha-level sequence, so p < alpha exactly when that
 * confidence sequence leaves zero out. Capped at 1.
 */
export function sequentialP(
  estimate: number,
  variance: number,
  n: number,
  planned: number,
  alpha = ALPHA,
): number {
  if (!(variance > 0) || !(n > 0)) return 1;
  const rho2 = rhoSquared(planned, alpha);
  const logP =
    0.5 * Math.log(n * rho2 + 1) - (n * estimate * estimate * rho2) / (2 * variance * (n * rho2 + 1));
  return Math.min(1, Math.exp(logP));
}

export interface Counts {
  exposures: number;
  conversions: number;
}

const rate = (c: Counts) => c.conversions / c.exposures;
const bernoulli = (p: number) => p * (1 - p);

/** The arm against the control, absolute and relative, each with its confidence sequence. */
export function compare(control: Counts, arm: Counts, planned: number, alpha = ALPHA): Effect | null {
  if (control.exposures <= 0 || arm.exposures <= 0) return null;
  const n = control.exposures + arm.exposures;
  const pa = rate(control);
  const pb = rate(arm);
  const difference = pb - pa;
  const variance = bernoulli(pa) / control.exposures + bernoulli(pb) / arm.exposures;
  const half = sequentialHalfWidth(variance, n, planned, alpha);
  let lift: number | null = null;
  let liftInterval: Interval | null = null;
  if (pa > 0) {
    // The delta method's variance of pb / pa - 1, as GrowthBook computes its relative effect.
    lift = difference / pa;
    const liftVariance =
      bernoulli(pb) / (arm.exposures * pa * pa) + (bernoulli(pa) * pb * pb) / (control.exposures * pa ** 4);
    const liftHalf = sequentialHalfWidth(liftVariance, n, planned, alpha);
    liftInterval = { low: lift - liftHalf, high: lift + liftHalf };
  }
  return {
    difference,
    interval: { low: difference - half, high: difference + half },
    lift,
    liftInterval,
    pValue: sequentialP(difference, variance, n, planned, alpha),
  };
}

/** Pearson's chi-square goodness of fit of the exposures to the weights (k − 1 degrees of freedom). */
export function sampleRatio(exposures: readonly number[], weights: readonly number[]): SampleRatio | null {
  const total = exposures.reduce((a, b) => a + b, 0);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || exposures.length < 2 || weightSum <= 0) return null;
  let chiSquare = 0;
  for (let i = 0; i < exposures.length; i++) {
    const expected = (total * weights[i]!) / weightSum;
    if (expected <= 0) return null;
    chiSquare += (exposures[i]! - expected) ** 2 / expected;
  }
  const pValue = 1 - jStat.chisquare.cdf(chiSquare, exposures.length - 1);
  return { chiSquare, pValue, mismatch: pValue < SRM_P };
}
