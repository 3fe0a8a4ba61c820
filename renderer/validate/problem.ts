// The one type of a problem in a document (issue 27 item 1). The schema validator and the
// cross-reference checks (renderer/validate) make it, the expansion of parts and variants
// (src/parts) adds where it was written, the checker (src/checker) places it on a line of a text
// and a file, the server's replies carry it and the studio lists it. Each layer fills in what it
// knows; no layer renames it. Types only: everything may import this file.

/** A document of a screens library: a screen by id, or a part by name (screens/parts/). */
export type DocKind = 'screen' | 'part';

export interface DocRef {
  kind: DocKind;
  name: string;
}

/** Where something was written: a place in a document, and the use of a part (or the variant) that brought it. */
export interface Origin {
  doc: DocRef;
  /** JSON pointer in that document. */
  pointer: string;
  /** The use of a part (or the variant) that brought it here, when it was written elsewhere. */
  via: Origin | null;
  /**
   * A stand-in for a value that is missing or of the wrong type (said already where it is given):
   * problems it causes where it goes are not problems of their own.
   */
  standIn?: true;
}

export type Severity = 'error' | 'warning';

export interface Problem {
  /** JSON pointer of the value it is about, in the document it is said about. */
  pointer: string;
  /** Plain English, naming the place: "block #3 'button' has no 'label'". */
  message: string;
  /** The rule: a JSON Schema keyword, or a checker rule such as 'modal-ref' or 'near-copy'. */
  keyword: string;
  /** A warning is shown but does not fail a check, refuse a review or a publication. */
  severity: Severity;
  /** Where it was written, through the parts and the base a screen draws on (src/parts). */
  origin?: Origin;
  /** The same problem as said at the declaration (in the part, or the base screen). */
  definition?: { origin: Origin; message: string };
  /** The screen drawn from this document (a variant, a screen using the part) that said it. */
  dependent?: string;
  /** The file, relative to the screens folder or as screens:check prints it. */
  file?: string;
  /** 1-based line and column in the text, once the problem is placed in one. */
  line?: number;
  column?: number;
  /** The character range in the text to underline. */
  from?: number;
  to?: number;
}
