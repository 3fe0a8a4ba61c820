// The experiments in the database, behind one declared interface: the reads for the studio and
// the running set served from memory (reads.ts), and the changes, each checked and written in one
// transaction with its audit entry, a change row and a notification (writes.ts). The API's input
// is read in input.ts; the shapes it answers with are experiment.ts's.
import { experimentReads, type ExperimentReads } from './reads.js';
import { experimentWrites, type ExperimentWrites, type StoreDeps } from './writes.js';

export type { Arm, Experiment, ExperimentChange } from './experiment.js';
export type { StartInput } from './input.js';
export type { StoreDeps } from './writes.js';

export interface ExperimentStore extends ExperimentReads, ExperimentWrites {}

export function experimentStore(deps: StoreDeps): ExperimentStore {
  const reads = experimentReads(deps.db);
  return { ...reads, ...experimentWrites(deps, reads) };
}
