import type { FastifyRequest } from 'fastify';
import type { TrackRow } from './ingest.js';
import { manilaDay } from './ingest.js';

/**
 * Goals that are server actions: the server records them itself when they succeed, by the acting
 * borrower's key (issue 28 item 1). A page's event of the same name is kept as the page sent it
 * (the spec's landing still tracks its conversion, D-22) but marked `source: 'page'`, and never
 * counts: an outsider can send any event, but cannot register, apply or repay in bulk without
 * passing what those actions check (captcha and SMS code, a verified session).
 */
export const SERVER_GOALS = {
  /** A promotion registration succeeded (POST /api/v2/youmi/promotion/register). */
  registration: 'promo_register_conversion',
  /** A loan application made an order (loan confirm, and the variant's depush). */
  application: 'loan_application',
  /** A repayment was submitted: a pay code issued, a card repayment committed or confirmed, huichao. */
  repayment: 'repayment',
} as const;

export type ServerGoal = (typeof SERVER_GOALS)[keyof typeof SERVER_GOALS];

export const SERVER_GOAL_NAMES: ReadonlySet<string> = new Set(Object.values(SERVER_GOALS));

/** The row of a server goal for this borrower key, now. */
export function goalRow(name: ServerGoal, borrower: string, addr: string, now: number): TrackRow {
  return {
    day: manilaDay(now),
    at: new Date(now).toISOString(),
    name,
    screen: '',
    revision: '',
    variant: '',
    borrower,
    label: '',
    props_json: '{}',
    source: 'server',
    addr,
  };
}

/** What records a server goal (app.measurement.goal): never delays or fails the borrower's reply. */
export type RecordGoal = (request: FastifyRequest, name: ServerGoal) => void;
