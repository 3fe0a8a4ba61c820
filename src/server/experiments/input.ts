// The experiments' input as the studio API sends it (unknown JSON), read into what the store works
// with, or refused with a 400 saying what to send. Nothing here reads the database.
import { Refusal } from '../lib/refusal.js';
import { EVERYONE } from './assignment.js';
import { DEFAULT_PLANNED } from './stats.js';
import type { ExperimentKind } from './tables.js';

const ARM_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
// eslint-disable-next-line no-control-regex -- event names are printable text, as the track endpoint takes them
const EVENT_NAME = /^[^\u0000-\u001f\u007f]{1,100}$/;

export interface StartInput {
  kind?: unknown;
  screen?: unknown;
  name?: unknown;
  goal?: unknown;
  planned?: unknown;
  /** Experiments: every arm, the control first (revisionId null), weights in percent adding up to 100. */
  arms?: unknown;
  /** Rollouts: the revision and the share of borrowers who get it. */
  revisionId?: unknown;
  percent?: unknown;
}

/** An arm to start: null is the live revision (the control); weights in basis points. */
export interface ArmStart {
  arm: string;
  revisionId: number | null;
  points: number;
}

export interface Start {
  kind: ExperimentKind;
  screen: string;
  arms: ArmStart[];
  goal: string;
  name: string;
  planned: number;
}

/** A percentage as basis points: a number in (0, 100] with at most two decimals. */
export function basisPoints(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 100)
    throw new Refusal(400, `${field} must be a percentage above 0 and at most 100`);
  const points = Math.round(value * 100);
  if (Math.abs(points - value * 100) > 1e-6) throw new Refusal(400, `${field} may have two decimals at most`);
  return points;
}

function text(value: unknown, field: string, fallback: string, pattern = EVENT_NAME): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || !pattern.test(value.trim()))
    throw new Refusal(400, `${field} must be 1 to 100 characters of text`);
  return value.trim();
}

function revisionIdOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new Refusal(400, 'revisionId must be a revision id');
  return value;
}

/** The arms of a start request, checked: the control first, then distinct revisions, weights adding up. */
function armsOf(input: StartInput): ArmStart[] {
  if (input.kind === 'rollout') {
    const points = basisPoints(input.percent, 'percent');
    if (points === EVERYONE) throw new Refusal(400, 'a rollout to 100% is a publication: promote it instead');
    return [
      { arm: 'a', revisionId: null, points: EVERYONE - points },
      { arm: 'b', revisionId: revisionIdOf(input.revisionId), points },
    ];
  }
  const arms = input.arms;
  if (!Array.isArray(arms) || arms.length < 2 || arms.length > ARM_KEYS.length)
    throw new Refusal(
      400,
      `arms must list 2 to ${ARM_KEYS.length} arms, the control (revisionId null) first`,
    );
  const out = arms.map((raw: unknown, i) => {
    const arm = (raw ?? {}) as { revisionId?: unknown; weight?: unknown };
    if (i === 0 && arm.revisionId !== null && arm.revisionId !== undefined)
      throw new Refusal(400, 'the first arm is the control: revisionId null (the live revision)');
    return {
      arm: ARM_KEYS[i]!,
      revisionId: i === 0 ? null : revisionIdOf(arm.revisionId),
      points: basisPoints(arm.weight, `arms[${i}].weight`),
    };
  });
  if (out.reduce((sum, a) => sum + a.points, 0) !== EVERYONE)
    throw new Refusal(400, 'the arms’ weights must add up to 100');
  if (new Set(out.map((a) => a.revisionId)).size !== out.length)
    throw new Refusal(400, 'each arm needs a revision of its own');
  return out;
}

export function startOf(input: StartInput): Start {
  const kind = input.kind === 'rollout' ? 'rollout' : input.kind === 'experiment' ? 'experiment' : null;
  if (!kind) throw new Refusal(400, "kind must be 'experiment' or 'rollout'");
  const screen = typeof input.screen === 'string' ? input.screen : '';
  if (!/^[a-z][a-z0-9-]{0,63}$/.test(screen)) throw new Refusal(400, 'screen must be a screen id');
  const arms = armsOf(input);
  const goal = text(input.goal, 'goal', '');
  if (!goal) throw new Refusal(400, 'goal must name the event that counts as a conversion');
  const name = text(input.name, 'name', `${screen} ${kind}`);
  const planned = input.planned ?? DEFAULT_PLANNED;
  if (typeof planned !== 'number' || !Number.isInteger(planned) || planned < 100 || planned > 100_000_000)
    throw new Refusal(400, 'planned must be a whole number of borrowers, at least 100');
  return { kind, screen, arms, goal, name, planned };
}
