// How far parts may go in one screen (issue 18): enforced by uses.ts, stated by the docs
// (src/schema-gen/docsParts.ts). A module of its own, with no imports, so the docs generator reads
// the limits without loading the generated validators it is about to rewrite.

/** Parts used inside parts, at most this many levels. */
export const MAX_DEPTH = 8;
/** Uses of parts in one screen once expanded, at most: a part used twice by a part used twice… grows exponentially. */
export const MAX_USES = 1000;
