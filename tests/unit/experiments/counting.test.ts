// @vitest-environment node
// Who counts in an experiment's results (src/server/experiments/counting.ts, issue 28 item 1): the
// server's exposures confirmed by the borrower's page, one arm per borrower, an allowance of new
// borrowers per address; conversions only of counted borrowers, after their exposure, of the
// server's own records when the goal is a server action; and the warnings.
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_LIMITS,
  BURST,
  countExperiment,
  type CountInput,
  type ExposureInput,
  type GoalInput,
} from '../../../src/server/experiments/counting.js';

const T0 = Date.parse('2026-12-01T02:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const labels = ['e1:a', 'e1:b'];

function input(o: Partial<CountInput>): CountInput {
  return {
    arms: ['a', 'b'],
    labels,
    exposures: [],
    confirmed: new Set(),
    goals: [],
    serverGoal: false,
    ...o,
  };
}
const exposure = (borrower: string, arm: string, ms: number, addr = `addr-${borrower}`): ExposureInput => ({
  borrower,
  arm,
  at: at(ms),
  addr,
});
const goal = (borrower: string, ms: number, extra: Partial<GoalInput> = {}): GoalInput => ({
  borrower,
  at: at(ms),
  variant: '',
  addr: `addr-${borrower}`,
  source: 'page',
  ...extra,
});
const reasons = (list: { reason: string; count: number }[]) =>
  Object.fromEntries(list.map((d) => [d.reason, d.count]));

describe('counting an experiment', () => {
  it('counts a served borrower whose page showed the screen, once, in the arm the server served', () => {
    const { borrowers, quality } = countExperiment(
      input({
        exposures: [
          exposure('k1', 'b', 0),
          exposure('k1', 'b', 5000),
          exposure('k2', 'a', 0),
          exposure('k3', 'a', 0),
        ],
        confirmed: new Set(['k1', 'k2']),
      }),
    );
    expect([...borrowers.entries()].map(([k, b]) => [k, b.arm])).toEqual([
      ['k1', 1],
      ['k2', 0],
    ]);
    expect(quality.exposures).toMatchObject({ served: 3, counted: 2 });
    expect(reasons(quality.exposures.discarded)).toEqual({ unconfirmed: 1 });
  });

  it('leaves out a borrower served two arms', () => {
    const { borrowers, quality } = countExperiment(
      input({ exposures: [exposure('k1', 'a', 0), exposure('k1', 'b', 10)], confirmed: new Set(['k1']) }),
    );
    expect(borrowers.size).toBe(0);
    expect(reasons(quality.exposures.discarded)).toEqual({ 'multiple-arms': 1 });
  });

  it('one address adds at most its allowance of new borrowers an hour and a day; the rest are left out, with a warning', () => {
    const many = (n: number, from: number, step: number) =>
      Array.from({ length: n }, (_, i) =>
        exposure(`k${from + i}`, i % 2 ? 'b' : 'a', (from + i) * step, 'shared'),
      );
    // 70 within the first hour: 60 count.
    const firstHour = countExperiment(
      input({ exposures: many(70, 0, 1000), confirmed: new Set(many(70, 0, 1000).map((e) => e.borrower)) }),
    );
    expect(firstHour.quality.exposures.counted).toBe(ADDRESS_LIMITS.perHour);
    expect(reasons(firstHour.quality.exposures.discarded)).toEqual({ 'address-cap': 10 });
    expect(firstHour.quality.warnings.map((w) => w.kind)).toEqual(['address-cap']);
    // 40 an hour for 12.5 hours of one Manila day (02:00Z is 10:00 in Manila): at most 300.
    const day = countExperiment(
      input({
        exposures: many(500, 0, 90_000),
        confirmed: new Set(many(500, 0, 90_000).map((e) => e.borrower)),
      }),
    );
    expect(day.quality.exposures.counted).toBe(ADDRESS_LIMITS.perDay);
    // Borrowers on their own addresses are never capped.
    const spread = Array.from({ length: 500 }, (_, i) => exposure(`s${i}`, 'a', i));
    expect(
      countExperiment(input({ exposures: spread, confirmed: new Set(spread.map((e) => e.borrower)) })).quality
        .exposures.counted,
    ).toBe(500);
  });

  it('a conversion is a counted borrower’s first goal event at or after their exposure', () => {
    const { borrowers, quality } = countExperiment(
      input({
        exposures: [exposure('k1', 'b', 1000), exposure('k2', 'a', 1000), exposure('k3', 'a', 1000)],
        confirmed: new Set(['k1', 'k2']),
        goals: [
          goal('k1', 500),
          goal('k1', 2000),
          goal('k1', 3000),
          goal('k2', 4000, { variant: 'e1:a' }),
          goal('k3', 4000),
          goal('stranger', 4000),
        ],
      }),
    );
    expect(borrowers.get('k1')!.converted).toBe(at(2000));
    expect(borrowers.get('k2')!.converted).toBe(at(4000));
    expect(quality.goalEvents).toMatchObject({ received: 6, counted: 2 });
    expect(reasons(quality.goalEvents.discarded)).toEqual({
      'borrower-discarded': 1,
      'before-exposure': 1,
      repeat: 1,
      outside: 1,
    });
    expect(quality.warnings).toEqual([]);
  });

  it('a goal that is a server action counts only as the server recorded it', () => {
    const { borrowers, quality } = countExperiment(
      input({
        serverGoal: true,
        exposures: [exposure('k1', 'b', 0), exposure('k2', 'a', 0)],
        confirmed: new Set(['k1', 'k2']),
        goals: [goal('k1', 10, { variant: 'e1:b' }), goal('k2', 10, { source: 'server' })],
      }),
    );
    expect(borrowers.get('k1')!.converted).toBeNull();
    expect(borrowers.get('k2')!.converted).toBe(at(10));
    expect(quality.goalRecordedBy).toBe('server');
    expect(reasons(quality.goalEvents.discarded)).toEqual({ 'page-claim': 1 });
  });

  it('goal events naming an arm the server never served their borrower are left out, and many of them are a warning', () => {
    const claims = (n: number) =>
      Array.from({ length: n }, (_, i) => goal(`forged-${i}`, 10 + i, { variant: 'e1:b', addr: `x${i}` }));
    const few = countExperiment(input({ goals: claims(2) }));
    expect(reasons(few.quality.goalEvents.discarded)).toEqual({ 'claims-unserved-arm': 2 });
    expect(few.quality.warnings).toEqual([]);
    // Served A, claims B: also a claim of an arm it was not served.
    const wrongArm = countExperiment(
      input({
        exposures: [exposure('k1', 'a', 0)],
        confirmed: new Set(['k1']),
        goals: [...claims(2), goal('k1', 5, { variant: 'e1:b' })],
      }),
    );
    expect(wrongArm.borrowers.get('k1')!.converted).toBeNull();
    expect(wrongArm.quality.warnings.map((w) => w.kind)).toEqual(['unserved-claims']);
    expect(wrongArm.quality.warnings[0]!.message).toMatch(/^3 goal events name an arm/);
  });

  it('many goal events from one address within minutes are a burst, and the studio is told how many counted conversions came from it', () => {
    const exposures = Array.from({ length: BURST.events }, (_, i) => exposure(`k${i}`, 'b', 0, `own-${i}`));
    const confirmed = new Set(exposures.map((e) => e.borrower));
    const goals = (spacingMs: number, n: number = BURST.events) =>
      Array.from({ length: n }, (_, i) => goal(`k${i}`, 1000 + i * spacingMs, { addr: 'office' }));
    const burst = countExperiment(input({ exposures, confirmed, goals: goals(30_000) }));
    expect(burst.quality.warnings.map((w) => w.kind)).toEqual(['address-burst']);
    expect(burst.quality.warnings[0]!.message).toMatch(
      /One address sent 10 or more .* 10 of the counted conversions/,
    );
    // Fewer, or spread over more time: no burst.
    expect(
      countExperiment(input({ exposures, confirmed, goals: goals(30_000, BURST.events - 1) })).quality
        .warnings,
    ).toEqual([]);
    expect(
      countExperiment(
        input({
          exposures,
          confirmed,
          goals: goals(Math.ceil((BURST.minutes * 60_000) / (BURST.events - 1)) + 1000),
        }),
      ).quality.warnings,
    ).toEqual([]);
  });
});
