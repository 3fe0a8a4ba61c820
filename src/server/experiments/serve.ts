// The serving hook: which document a borrower gets for a screen under an experiment, chosen when
// the page or the document is served, from memory. The running experiments are kept here (loaded
// at start and again whenever one changes, live-set.ts); the control is whatever is published,
// the other arms are their revisions made servable once (expanded like any published document)
// and kept until the experiment or the published set changes. No request reads the database.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ScreenFile } from '../lib/screen-files.js';
import { kindOf } from '../publishing/kinds.js';
import { servedFile, type Published } from '../publishing/published-set.js';
import { ExpansionError } from '../publishing/serve.js';
import { VARIANT_HEADER } from '../events/revision.js';
import { armAt, bucketOf, type Weighted } from './assignment.js';

export interface ActiveArm extends Weighted {
  /** null: the live revision (the control). */
  revisionId: number | null;
  /** The revision's text (null for the control). */
  text: string | null;
}

export interface ActiveExperiment {
  id: number;
  screen: string;
  /** In order: the control ('a') first. */
  arms: ActiveArm[];
}

/** What the events and the page call the arm: `<experiment>:<arm>` (src/server/events/revision.ts). */
export const variantLabel = (experimentId: number, arm: string): string => `e${experimentId}:${arm}`;

/** A variant's own ETag, so a device's kept copy (and a 304) is always of its own arm. */
const taggedEtag = (etag: string, label: string) => `${etag.slice(0, -1)}.${label.replace(':', '')}"`;

/** The arm's own copy of a served file: its own ETag and label, the same bytes and gzip. */
const variantFile = (base: ScreenFile, label: string): ScreenFile => ({
  ...base,
  etag: taggedEtag(base.etag, label),
  variant: label,
});

export interface VariantServer {
  /** The experiments now running (replaced whole when one changes). */
  set(active: readonly ActiveExperiment[]): void;
  /**
   * The document at /screens/<rel> for this borrower: the published one, or the borrower's arm
   * (then X-Screen-Variant is set on the reply, which also marks it as personal, see
   * `keyedByBorrower`). `key` gives the borrower's key; it is asked only when an experiment runs.
   */
  file(rel: string, key: () => string, reply: FastifyReply): ScreenFile | null;
  running(): readonly ActiveExperiment[];
}

export function createVariantServer(published: () => Published): VariantServer {
  let byPath = new Map<string, ActiveExperiment>();
  let all: readonly ActiveExperiment[] = [];
  // Servable arms, made once per published version (a variant is expanded against the live set).
  let files = new Map<string, ScreenFile>();
  let filesOf = -1;

  function armFile(exp: ActiveExperiment, arm: ActiveArm, live: ScreenFile, current: Published): ScreenFile {
    if (filesOf !== current.version) {
      files = new Map();
      filesOf = current.version;
    }
    const label = variantLabel(exp.id, arm.arm);
    const known = files.get(label);
    // The control follows the live revision: a publication meanwhile gives a new live file.
    if (known && (arm.revisionId !== null || known.body === live.body)) return known;
    let made: ScreenFile;
    if (arm.revisionId === null || arm.text === null) {
      made = variantFile(live, label);
    } else {
      let text: string | null;
      try {
        text = kindOf('screen')!.serve(exp.screen, arm.text, current.set);
      } catch (error) {
        // Arms are checked when the experiment starts and parts at their publication, so this is
        // a checker bug: the borrower gets the control rather than a document that cannot expand.
        if (!(error instanceof ExpansionError)) throw error;
        text = null;
      }
      made = variantFile(text === null ? live : servedFile(arm.revisionId, text, arm.text), label);
    }
    files.set(label, made);
    return made;
  }

  return {
    set(active) {
      all = active;
      byPath = new Map(active.map((e) => [`${e.screen}.json`, e]));
      files = new Map();
    },
    running: () => all,
    file(rel, key, reply) {
      const current = published();
      const live = current.file(rel);
      const exp = byPath.get(rel);
      if (!exp || !live || exp.arms.length === 0) return live;
      const arm = armAt(exp.arms, bucketOf(exp.id, key()));
      const file = armFile(exp, arm, live, current);
      reply.header(VARIANT_HEADER, file.variant);
      return file;
    },
  };
}

/** The borrower's key for assignment, as the request carries it (src/server/events/borrower-key.ts). */
export type KeyOf = (request: FastifyRequest, reply: FastifyReply) => string;
