// Which arm a borrower is in: a hash of the experiment id and the borrower's key (the events'
// pseudonymous key, src/server/events/borrower-key.ts), read as a point in [0, 1) and placed on
// the arms' weights laid end to end, the control first. Nothing is stored: every instance, every
// load and every restart computes the same arm. Raising a rollout's share moves the boundary
// only, so a borrower who had the new revision keeps it.
import { createHash } from 'node:crypto';

export interface Weighted {
  arm: string;
  /** Basis points; the arms of an experiment add up to 10000. */
  weight: number;
}

export const EVERYONE = 10_000;

/** The borrower's point in [0, 1) for this experiment (sha-256: uniform, and the same everywhere). */
export function bucketOf(experimentId: number, borrowerKey: string): number {
  const digest = createHash('sha256').update(`exp:${experimentId}:${borrowerKey}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** The arm whose share of [0, 1) holds `bucket`; `arms` in their order (a, b, c...: the control first). */
export function armAt<T extends Weighted>(arms: readonly T[], bucket: number): T {
  let edge = 0;
  for (const arm of arms) {
    edge += arm.weight / EVERYONE;
    if (bucket < edge) return arm;
  }
  return arms[arms.length - 1]!;
}
