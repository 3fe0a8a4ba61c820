// @vitest-environment node
// The experiments' statistics (src/server/experiments/stats.ts) against reference values computed
// elsewhere, never by this code: Newcombe's published Wilson intervals, GrowthBook's own test
// fixtures for its sequential test (the same confidence sequence), and a chi-square by hand.
import { describe, expect, it } from 'vitest';
import {
  compare,
  sampleRatio,
  sequentialHalfWidth,
  sequentialP,
  wilson,
} from '../../../src/server/experiments/stats';

describe('Wilson score interval', () => {
  // Newcombe, "Two-sided confidence intervals for the single proportion: comparison of seven
  // methods", Statistics in Medicine 17 (1998), table II, method 3 (score, no continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: %f to %f (Newcombe 1998)', (x, n, low, high) => {
    const interval = wilson(x, n)!;
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('has no interval without exposures', () => {
    expect(wilson(0, 0)).toBeNull();
  });
});

describe('the always-valid confidence sequence (Waudby-Smith et al. 2023, as GrowthBook)', () => {
  // GrowthBook's gbstats tests (packages/stats/tests/frequentist/test_tests.py,
  // TestSequentialTTest.test_sequential_test_runs_prop): proportions 1396/3000 and 2422/3461,
  // relative effect, alpha 0.05, tuning 5000 -> expected 0.50386, stddev 0.03386,
  // ci (0.40098, 0.60675).
  it('reproduces GrowthBook’s proportion fixture (relative lift, delta method)', () => {
    const effect = compare(
      { exposures: 3000, conversions: 1396 },
      { exposures: 3461, conversions: 2422 },
      5000,
    )!;
    expect(effect.lift!).toBeCloseTo(0.50386, 5);
    expect(effect.liftInterval!.low).toBeCloseTo(0.40098, 5);
    expect(effect.liftInterval!.high).toBeCloseTo(0.60675, 5);
    expect(effect.pValue).toBeLessThan(1e-5);
  });

  // The same file, test_sequential_test_runs: sample means (sum 1396.87, sum of squares
  // 52377.9767, n 3000) and (2422.7, 134698.29, 3461), tuning 1000 -> expected 0.50336,
  // stddev 0.33341, ci (-0.55844, 1.56516). The delta-method variance is worked out here from
  // the sums; the half width is ours.
  it('reproduces GrowthBook’s sample-mean fixture (tuning 1000)', () => {
    const stat = (sum: number, squares: number, n: number) => {
      const mean = sum / n;
      return { mean, variance: (squares - (sum * sum) / n) / (n - 1), n };
    };
    const a = stat(1396.87, 52377.9767, 3000);
    const b = stat(2422.7, 134698.29, 3461);
    const lift = b.mean / a.mean - 1;
    const variance = b.variance / (b.n * a.mean ** 2) + (a.variance * b.mean ** 2) / (a.n * a.mean ** 4);
    expect(lift).toBeCloseTo(0.50336, 5);
    expect(Math.sqrt(variance)).toBeCloseTo(0.33341, 5);
    const half = sequentialHalfWidth(variance, a.n + b.n, 1000);
    expect(lift - half).toBeCloseTo(-0.55844, 4);
    expect(lift + half).toBeCloseTo(1.56516, 4);
  });

  it('is wider than the fixed-horizon interval, and narrowest near the planned number of borrowers', () => {
    const variance = 0.0033;
    expect(sequentialHalfWidth(variance, 200, 5000)).toBeGreaterThan(1.96 * Math.sqrt(variance));
    const at = (planned: number) => sequentialHalfWidth(variance, 6461, planned);
    expect(at(6461)).toBeLessThan(at(10));
    expect(at(6461)).toBeLessThan(at(100_000));
  });

  it('its p-value is below alpha exactly when the interval leaves zero out', () => {
    for (const [ca, na, cb, nb, planned] of [
      [10, 100, 50, 100, 200],
      [10, 100, 20, 100, 200],
      [30, 100, 45, 110, 5000],
      [300, 1000, 350, 1000, 5000],
      [50, 1000, 40, 1000, 1000],
    ] as const) {
      const e = compare({ exposures: na, conversions: ca }, { exposures: nb, conversions: cb }, planned)!;
      const excludesZero = e.interval.low > 0 || e.interval.high < 0;
      expect(e.pValue < 0.05, `${ca}/${na} vs ${cb}/${nb}`).toBe(excludesZero);
    }
    expect(sequentialP(0, 0.01, 100, 5000)).toBe(1);
  });

  it('stays valid under daily peeking: A/A tests looked at every day declare a difference at most about alpha of the time', () => {
    // 200 simulated A/A experiments (both arms convert 20%), 60 looks each; a fixed-horizon test
    // looked at this often would be "significant" in roughly a third of them.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let falseAlarms = 0;
    for (let run = 0; run < 200; run++) {
      const arms = [
        { exposures: 0, conversions: 0 },
        { exposures: 0, conversions: 0 },
      ];
      let alarmed = false;
      for (let day = 0; day < 60 && !alarmed; day++) {
        for (let i = 0; i < 100; i++) {
          const arm = arms[i % 2]!;
          arm.exposures++;
          if (random() < 0.2) arm.conversions++;
        }
        alarmed = compare(arms[0]!, arms[1]!, 6000)!.pValue < 0.05;
      }
      if (alarmed) falseAlarms++;
    }
    expect(falseAlarms / 200).toBeLessThanOrEqual(0.08);
  });
});

describe('sample ratio mismatch (chi-square goodness of fit)', () => {
  it('5000 and 5200 on a 50/50 split: chi-square 3.92, p 0.048 (worked by hand)', () => {
    // Expected 5100 each: (100² / 5100) × 2 = 3.9216; with 1 degree of freedom,
    // p = 2 × (1 − Φ(√3.9216 = 1.9803)) = 0.0477.
    const srm = sampleRatio([5000, 5200], [50, 50])!;
    expect(srm.chiSquare).toBeCloseTo(3.9216, 4);
    expect(srm.pValue).toBeCloseTo(0.0477, 4);
    expect(srm.mismatch).toBe(false);
  });

  it('flags a split that cannot come from the weights (p < 0.001), three arms included', () => {
    // 300/200/500 against 33/33/34: expected 330, 330, 340 -> 2.727 + 51.212 + 75.294 = 129.23.
    const srm = sampleRatio([300, 200, 500], [33, 33, 34])!;
    expect(srm.chiSquare).toBeCloseTo(129.2335, 3);
    expect(srm.mismatch).toBe(true);
    expect(sampleRatio([0, 0], [50, 50])).toBeNull();
  });
});
