// The experiments' tables, added to the shared Database type, with the values their kind and
// status columns take.
import type { Generated } from 'kysely';

import type { ExperimentKind, ExperimentStatus } from '../../wire/experiments.js';

/** 'experiment' (two or more revisions with set weights) or 'rollout' (a new revision to a share). */
export type { ExperimentKind, ExperimentStatus };

export interface ExperimentsTable {
  id: Generated<number>;
  kind: ExperimentKind;
  screen: string;
  name: string;
  status: ExperimentStatus;
  open_key: string | null;
  /** The goal event the results show by default. */
  goal: string;
  /** Borrowers the publisher expects: where the sequential test is most sensitive (stats.ts). */
  planned: number;
  started_by: string;
  started_by_id: number | null;
  started_at: string;
  four_eyes_waived: number;
  ended_by: string | null;
  ended_at: string | null;
  /** The arm promoted, when one was. */
  winner: string | null;
  publication_id: number | null;
  /** The results when it ended: kept beyond the raw events' retention. */
  results_json: string | null;
}

export interface ExperimentArmsTable {
  experiment_id: number;
  /** 'a' (the control), 'b', 'c'... */
  arm: string;
  /** null: the live revision. */
  revision_id: number | null;
  /** Basis points (10000 = everyone). */
  weight: number;
}

export interface ExperimentChangesTable {
  id: Generated<number>;
  experiment_id: number;
  /** start | ramp | stop | promote */
  action: string;
  actor: string;
  at: string;
  detail_json: string;
}

/** Each borrower key the server served an arm (exposures.ts; migration 080). */
export interface ExperimentExposuresTable {
  experiment_id: number;
  borrower: string;
  arm: string;
  /** When it was first served (ISO). */
  at: string;
  /** The address tag of that request (src/server/events/address.ts). */
  addr: string;
}

declare module '../db/schema.js' {
  interface Database {
    experiment_exposures: ExperimentExposuresTable;
    experiments: ExperimentsTable;
    experiment_arms: ExperimentArmsTable;
    experiment_changes: ExperimentChangesTable;
  }
}
