// The flow's input as the studio API sends it (unknown JSON), read into what a step works with, or
// refused with a 400 saying what to send. Nothing here reads the database.
import { Refusal } from '../lib/refusal.js';
import { kindOf, type KindSpec } from './kinds.js';

export const TEXT_MAX = 512 * 1024;
export const MESSAGE_MAX = 1000;

/** The kind of a document addressed by kind and name, both checked (an unknown kind is a 404). */
export function kindSpec(kind: string, name: string): KindSpec {
  const found = kindOf(kind);
  if (!found) throw new Refusal(404, `unknown document kind '${kind}'`);
  const problem = found.nameProblem(name);
  if (problem) throw new Refusal(400, problem);
  return found;
}

/** An optional note (a save's message, a reviewer's comment), trimmed; '' when none. */
export function message(value: unknown, field = 'message'): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new Refusal(400, `${field} must be text`);
  if (value.length > MESSAGE_MAX)
    throw new Refusal(400, `${field} may have at most ${MESSAGE_MAX} characters`);
  return value.trim();
}

/** An instant with its zone (UTC or an offset), as UTC ISO; a time without a zone is ambiguous. */
export function instant(value: unknown, field: string): string {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
  )
    throw new Refusal(
      400,
      `${field} must be a date and time with its zone, e.g. 2026-12-24T09:00:00+08:00 (Manila) or ...Z (UTC)`,
    );
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new Refusal(400, `${field} is not a real date`);
  return time.toISOString();
}

const optionalInstant = (value: unknown, field: string): string | null =>
  value === undefined || value === null ? null : instant(value, field);

/** 'previous' or 'screen:<id>' (a "campaign ended" document). */
function fallback(value: unknown): string {
  if (value === undefined || value === null || value === 'previous') return 'previous';
  if (typeof value === 'string' && /^screen:[a-z][a-z0-9-]{0,63}$/.test(value)) return value;
  throw new Refusal(400, "endFallback must be 'previous' or 'screen:<screen id>'");
}

export interface SaveInput {
  text: unknown;
  message?: unknown;
  parentRevisionId?: unknown;
  rebase?: unknown;
}

export interface Save {
  text: string;
  note: string;
  /** The revision the editor started from; null for a new document. */
  parent: number | null;
  /** Move the draft's base to what is live now (the editor merged the live change). */
  rebase: boolean;
}

export function saveOf(input: SaveInput): Save {
  const text = input.text;
  if (typeof text !== 'string') throw new Refusal(400, 'send the document as { "text": "..." }');
  if (text.length > TEXT_MAX) throw new Refusal(400, `a document may have at most ${TEXT_MAX / 1024} KB`);
  const note = message(input.message);
  const parent = input.parentRevisionId ?? null;
  if (parent !== null && (typeof parent !== 'number' || !Number.isInteger(parent)))
    throw new Refusal(400, 'parentRevisionId must be a revision id or null');
  return { text, note, parent, rebase: input.rebase === true };
}

export interface ApproveInput {
  revisionId?: unknown;
  publishAt?: unknown;
  endsAt?: unknown;
  endFallback?: unknown;
  message?: unknown;
}

export interface Approval {
  /** The head revision the publisher reviewed (compared, not trusted). */
  revisionId: unknown;
  note: string;
  publishAt: string | null;
  endsAt: string | null;
  endFallback: string | null;
}

export function approvalOf(input: ApproveInput): Approval {
  const note = message(input.message);
  const publishAt = optionalInstant(input.publishAt, 'publishAt');
  const endsAt = optionalInstant(input.endsAt, 'endsAt');
  return {
    revisionId: input.revisionId,
    note,
    publishAt,
    endsAt,
    endFallback: endsAt ? fallback(input.endFallback) : null,
  };
}

export interface EndInput {
  endsAt?: unknown;
  endFallback?: unknown;
}

/** A promotion's end: endsAt null removes it (undefined is not null: it must be said). */
export function endOf(input: EndInput): { endsAt: string | null; endFallback: string | null } {
  const endsAt = input.endsAt === null ? null : instant(input.endsAt, 'endsAt');
  return { endsAt, endFallback: endsAt ? fallback(input.endFallback) : null };
}

/** A revision id as sent to restore it. */
export function rollbackRevisionOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new Refusal(400, 'revisionId must be the id of an earlier revision');
  return value;
}

export function takeOf(value: unknown): 'baseline' | 'live' {
  if (value !== 'baseline' && value !== 'live') throw new Refusal(400, "take must be 'baseline' or 'live'");
  return value;
}
