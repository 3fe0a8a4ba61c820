// An experiment's results: per arm the borrowers the server exposed and those of them who
// converted (counting.ts decides who counts and what is left out and why), the statistics of
// stats.ts, and the same counts day by day for the chart. Read on demand from the exposures the
// server recorded and the measurement events (results are for the studio, never for borrowers'
// pages).
import { SERVER_GOAL_NAMES } from '../events/goals.js';
import { manilaDay } from '../events/ingest.js';
import type { Db } from '../publishing/store.js';
import { countExperiment } from './counting.js';
import { variantLabel } from './serve.js';
import { ALPHA, compare, MIN_EXPOSURES, sampleRatio, wilson } from './stats.js';
import type { Experiment } from './store.js';
import type { ArmResult, DayPoint, Results } from '../../wire/experiments.js';

export type { ArmResult, DayPoint, Results };

const MAX_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;

export async function experimentResults(
  db: Db,
  exp: Experiment,
  goal: string,
  now: Date,
  ramped: boolean,
): Promise<Results> {
  const from = exp.startedAt;
  const to = exp.endedAt ?? now.toISOString();
  const firstDay = manilaDay(Date.parse(from));
  const lastDay = manilaDay(Date.parse(to));
  const labels = exp.arms.map((a) => variantLabel(exp.id, a.arm));

  const [exposureRows, views, goalRows, names] = await Promise.all([
    db
      .selectFrom('experiment_exposures')
      .select(['borrower', 'arm', 'at', 'addr'])
      .where('experiment_id', '=', exp.id)
      .where('at', '>=', from)
      .where('at', '<=', to)
      .execute(),
    // The borrowers whose page reported showing the screen: they kept the cookie the server set.
    db
      .selectFrom('track_events')
      .select('borrower')
      .distinct()
      .where('day', '>=', firstDay)
      .where('day', '<=', lastDay)
      .where('name', '=', 'screen_view')
      .where('screen', '=', exp.screen)
      .where('at', '>=', from)
      .where('at', '<=', to)
      .execute(),
    db
      .selectFrom('track_events')
      .select(['borrower', 'at', 'variant', 'addr', 'source'])
      .where('day', '>=', firstDay)
      .where('day', '<=', lastDay)
      .where('name', '=', goal)
      .where('at', '>=', from)
      .where('at', '<=', to)
      .execute(),
    db
      .selectFrom('track_events')
      .select('name')
      .distinct()
      .where('day', '>=', firstDay)
      .where('day', '<=', lastDay)
      .where('screen', '=', exp.screen)
      .orderBy('name')
      .limit(50)
      .execute(),
  ]);

  const k = exp.arms.length;
  const { borrowers, quality } = countExperiment({
    arms: exp.arms.map((a) => a.arm),
    labels,
    exposures: exposureRows,
    confirmed: new Set(views.map((v) => v.borrower)),
    goals: goalRows,
    serverGoal: SERVER_GOAL_NAMES.has(goal),
  });
  const exposures = new Array<number>(k).fill(0);
  const conversions = new Array<number>(k).fill(0);
  const exposedOn: { arm: number; day: string }[] = [];
  const convertedOn: { arm: number; day: string }[] = [];
  for (const b of borrowers.values()) {
    exposures[b.arm]!++;
    exposedOn.push({ arm: b.arm, day: manilaDay(Date.parse(b.first)) });
    if (b.converted) {
      conversions[b.arm]!++;
      convertedOn.push({ arm: b.arm, day: manilaDay(Date.parse(b.converted)) });
    }
  }
  const multipleExposures = quality.exposures.discarded.find((d) => d.reason === 'multiple-arms')?.count ?? 0;

  // Each arm against the control; with several arms the alpha is shared among the comparisons.
  const perComparisonAlpha = ALPHA / Math.max(1, k - 1);
  const control = { exposures: exposures[0]!, conversions: conversions[0]! };
  const arms: ArmResult[] = exp.arms.map((a, i) => {
    const counts = { exposures: exposures[i]!, conversions: conversions[i]! };
    const effect = i === 0 ? null : compare(control, counts, exp.planned, perComparisonAlpha);
    const enough = counts.exposures >= MIN_EXPOSURES && control.exposures >= MIN_EXPOSURES;
    const verdict: ArmResult['verdict'] =
      i === 0
        ? 'control'
        : !enough || !effect
          ? 'too-few'
          : effect.interval.low > 0
            ? 'better'
            : effect.interval.high < 0
              ? 'worse'
              : 'unclear';
    return {
      arm: a.arm,
      variant: labels[i]!,
      revisionId: a.revisionId,
      weight: a.weight,
      exposures: counts.exposures,
      conversions: counts.conversions,
      rate: counts.exposures ? counts.conversions / counts.exposures : null,
      rateInterval: wilson(counts.conversions, counts.exposures),
      effect,
      verdict,
    };
  });
  const better = arms.filter((a) => a.verdict === 'better').sort((x, y) => (y.rate ?? 0) - (x.rate ?? 0));
  const allWorse = arms.length > 1 && arms.slice(1).every((a) => a.verdict === 'worse');

  return {
    experimentId: exp.id,
    goal,
    method: {
      name: 'always-valid confidence sequences, Waudby-Smith et al. 2023',
      alpha: ALPHA,
      perComparisonAlpha,
      planned: exp.planned,
      minExposures: MIN_EXPOSURES,
    },
    arms,
    multipleExposures,
    quality,
    sampleRatio: ramped
      ? null
      : sampleRatio(
          exposures,
          exp.arms.map((a) => a.weight),
        ),
    sampleRatioNote: ramped
      ? 'the rollout’s share changed while it ran: exposures are not expected to match one split'
      : null,
    winner: better[0]?.arm ?? (allWorse ? 'a' : null),
    days: series(firstDay, lastDay, k, exposedOn, convertedOn),
    goals: [...new Set([goal, ...SERVER_GOAL_NAMES, ...names.map((n) => n.name)])].sort(),
    from,
    to,
  };
}

/** Cumulative counts per arm at the end of each day from the first to the last (at most a year). */
function series(
  firstDay: string,
  lastDay: string,
  k: number,
  exposedOn: { arm: number; day: string }[],
  convertedOn: { arm: number; day: string }[],
): DayPoint[] {
  const days: string[] = [];
  for (let t = Date.parse(`${firstDay}T00:00:00Z`); days.length < MAX_DAYS; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (day > lastDay) break;
    days.push(day);
  }
  const index = new Map(days.map((day, i) => [day, i]));
  const cumulative = (list: { arm: number; day: string }[]) => {
    const perDay = days.map(() => new Array<number>(k).fill(0));
    for (const e of list) {
      const i = index.get(e.day);
      if (i !== undefined) perDay[i]![e.arm]!++;
    }
    for (let i = 1; i < perDay.length; i++) for (let a = 0; a < k; a++) perDay[i]![a]! += perDay[i - 1]![a]!;
    return perDay;
  };
  const exposures = cumulative(exposedOn);
  const conversions = cumulative(convertedOn);
  return days.map((day, i) => ({ day, exposures: exposures[i]!, conversions: conversions[i]! }));
}
