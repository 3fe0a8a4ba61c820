// Who counts in an experiment's results, and what is left out and why (issue 28 item 1). Pure:
// results.ts reads the rows and computes the statistics; this decides which borrowers are exposed,
// which goal events are their conversions, and what the studio must be warned of.
//
// - An exposure is the server's record of serving a borrower key an arm (exposures.ts). It counts
//   when that borrower's page then reported showing the screen (a `screen_view` with the same
//   cookie: a real page keeps the cookie the server set; a script that reads arms off replies does
//   not), when the key saw one arm only, and when its address has not already brought more new
//   borrowers than a carrier's shared address plausibly does.
// - A conversion is a counted borrower's first goal event at or after their first exposure. A goal
//   that is a server action (src/server/events/goals.ts) counts only as the server recorded it.
// - A goal event naming an arm the server never served that borrower is discarded, and many of
//   them are a warning; so are many goal events from one address in a short time.
import type { Discarded, Quality, Warning } from '../../wire/experiments.js';
import { manilaDay } from '../events/ingest.js';

export type { Discarded, Quality, Warning };

/** New borrowers one address may add to an experiment's counts (generous: carriers share addresses). */
export const ADDRESS_LIMITS = { perHour: 60, perDay: 300 } as const;
/** Goal events from one address within `minutes` that make a burst. */
export const BURST = { events: 10, minutes: 10 } as const;

export interface ExposureInput {
  borrower: string;
  arm: string;
  at: string;
  addr: string;
}

export interface GoalInput {
  borrower: string;
  at: string;
  variant: string;
  addr: string;
  source: string;
}

export interface CountedBorrower {
  /** Index into the experiment's arms. */
  arm: number;
  first: string;
  converted: string | null;
}

export interface CountInput {
  /** The arms' keys in order ('a', 'b', ...) and their variant labels (`e<id>:<arm>`). */
  arms: readonly string[];
  labels: readonly string[];
  exposures: readonly ExposureInput[];
  /** Borrower keys whose page reported showing the screen during the experiment. */
  confirmed: ReadonlySet<string>;
  goals: readonly GoalInput[];
  serverGoal: boolean;
}

const HOUR_MS = 3600 * 1000;

const EXPOSURE_WHY = {
  'multiple-arms': 'served more than one arm (a rollout’s share changed, or the borrower’s key did)',
  unconfirmed:
    'served, but their page never reported showing the screen (link previews, bots, clients that drop the cookie the server set)',
  'address-cap': `more new borrowers from one address than a carrier’s shared address brings (over ${ADDRESS_LIMITS.perHour} an hour or ${ADDRESS_LIMITS.perDay} a day)`,
} as const;

const GOAL_WHY = {
  'page-claim': 'sent by a page, but this goal is a server action: only the server’s own records count',
  'claims-unserved-arm': 'name an arm of this experiment that the server never served that borrower',
  'borrower-discarded': 'from borrowers whose exposure was left out (above)',
  'before-exposure': 'sent before the borrower was first served an arm',
  repeat: 'later goal events of a borrower who already converted (a borrower converts once)',
  outside: 'from borrowers this experiment never served (other screens, other campaigns)',
} as const;

function tally<K extends string>(why: Record<K, string>, counts: Map<K, number>): Discarded[] {
  return (Object.keys(why) as K[])
    .filter((reason) => (counts.get(reason) ?? 0) > 0)
    .map((reason) => ({ reason, count: counts.get(reason)!, why: why[reason] }));
}

const bump = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** Each borrower's arms, first exposure and its address. */
function byBorrower(exposures: readonly ExposureInput[]) {
  const seen = new Map<string, { arms: Set<string>; first: string; addr: string }>();
  for (const e of exposures) {
    const known = seen.get(e.borrower);
    if (!known) seen.set(e.borrower, { arms: new Set([e.arm]), first: e.at, addr: e.addr });
    else {
      known.arms.add(e.arm);
      if (e.at < known.first) Object.assign(known, { first: e.at, addr: e.addr });
    }
  }
  return seen;
}

/** Walks the borrowers in order of first exposure: whether each address is still under its limits. */
function addressAllowance() {
  const recent = new Map<string, string[]>();
  const daily = new Map<string, number>();
  return (addr: string, at: string): boolean => {
    if (!addr) return true;
    const now = Date.parse(at);
    const list = (recent.get(addr) ?? []).filter((t) => now - Date.parse(t) < HOUR_MS);
    const day = `${addr} ${manilaDay(now)}`;
    if (list.length >= ADDRESS_LIMITS.perHour || (daily.get(day) ?? 0) >= ADDRESS_LIMITS.perDay) {
      recent.set(addr, list);
      return false;
    }
    recent.set(addr, [...list, at]);
    daily.set(day, (daily.get(day) ?? 0) + 1);
    return true;
  };
}

/** Addresses that sent BURST.events goal events or more within BURST.minutes, with their largest burst. */
function bursts(goals: readonly GoalInput[]): Map<string, number> {
  const times = new Map<string, number[]>();
  for (const g of goals)
    if (g.addr) (times.get(g.addr) ?? times.set(g.addr, []).get(g.addr)!).push(Date.parse(g.at));
  const found = new Map<string, number>();
  const span = BURST.minutes * 60_000;
  for (const [addr, list] of times) {
    if (list.length < BURST.events) continue;
    list.sort((x, y) => x - y);
    let most = 0;
    for (let lo = 0, hi = 0; hi < list.length; hi++) {
      while (list[hi]! - list[lo]! > span) lo++;
      most = Math.max(most, hi - lo + 1);
    }
    if (most >= BURST.events) found.set(addr, most);
  }
  return found;
}

export function countExperiment(o: CountInput): {
  borrowers: Map<string, CountedBorrower>;
  quality: Quality;
} {
  const exposureOut = new Map<keyof typeof EXPOSURE_WHY, number>();
  const counted = new Map<string, CountedBorrower>();
  const served = byBorrower(o.exposures);
  const allowed = addressAllowance();
  const ordered = [...served].sort(([, x], [, y]) => (x.first < y.first ? -1 : x.first > y.first ? 1 : 0));
  for (const [borrower, seen] of ordered) {
    if (seen.arms.size > 1) bump(exposureOut, 'multiple-arms');
    else if (!o.confirmed.has(borrower)) bump(exposureOut, 'unconfirmed');
    else if (!allowed(seen.addr, seen.first)) bump(exposureOut, 'address-cap');
    else
      counted.set(borrower, { arm: o.arms.indexOf([...seen.arms][0]!), first: seen.first, converted: null });
  }

  const goalOut = new Map<keyof typeof GOAL_WHY, number>();
  let conversions = 0;
  let unserved = 0;
  const convertedFrom = new Map<string, number>();
  const goals = [...o.goals].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  for (const g of goals) {
    const exposure = served.get(g.borrower);
    const claimed = o.labels.indexOf(g.variant);
    const servedArm =
      exposure && exposure.arms.size === 1 ? o.labels[o.arms.indexOf([...exposure.arms][0]!)] : null;
    const forged = claimed !== -1 && (!exposure || (servedArm !== null && servedArm !== g.variant));
    if (forged) unserved++;
    const borrower = counted.get(g.borrower);
    const reason: keyof typeof GOAL_WHY | null =
      o.serverGoal && g.source !== 'server'
        ? 'page-claim'
        : forged
          ? 'claims-unserved-arm'
          : !exposure
            ? 'outside'
            : !borrower
              ? 'borrower-discarded'
              : g.at < borrower.first
                ? 'before-exposure'
                : borrower.converted
                  ? 'repeat'
                  : null;
    if (reason) {
      bump(goalOut, reason);
      continue;
    }
    borrower!.converted = g.at;
    conversions++;
    if (g.addr) bump(convertedFrom, g.addr);
  }

  const warnings: Warning[] = [];
  if (unserved >= Math.max(3, Math.ceil(conversions / 100)))
    warnings.push({
      kind: 'unserved-claims',
      message: `${unserved} goal events name an arm of this experiment that the server never served their borrower: conversions without exposures, as a script forging results would send. They are not counted.`,
    });
  const burst = bursts(goals);
  if (burst.size > 0) {
    const most = Math.max(...burst.values());
    const fromThem = [...burst.keys()].reduce((n, addr) => n + (convertedFrom.get(addr) ?? 0), 0);
    warnings.push({
      kind: 'address-burst',
      message: `${burst.size === 1 ? 'One address' : `${burst.size} addresses`} sent ${BURST.events} or more goal events within ${BURST.minutes} minutes (at most ${most}); ${fromThem} of the counted conversions came from ${burst.size === 1 ? 'it' : 'them'}. A script, or many borrowers behind one address (an office, a shop): check before trusting the result.`,
    });
  }
  const capped = exposureOut.get('address-cap') ?? 0;
  if (capped > 0)
    warnings.push({
      kind: 'address-cap',
      message: `${capped} borrowers were left out because their address brought more new borrowers than a carrier’s shared address plausibly does (over ${ADDRESS_LIMITS.perHour} an hour or ${ADDRESS_LIMITS.perDay} a day).`,
    });

  return {
    borrowers: counted,
    quality: {
      goalRecordedBy: o.serverGoal ? 'server' : 'page',
      exposures: { served: served.size, counted: counted.size, discarded: tally(EXPOSURE_WHY, exposureOut) },
      goalEvents: { received: o.goals.length, counted: conversions, discarded: tally(GOAL_WHY, goalOut) },
      warnings,
      limits: {
        newBorrowersPerAddressHour: ADDRESS_LIMITS.perHour,
        newBorrowersPerAddressDay: ADDRESS_LIMITS.perDay,
        burst: BURST,
      },
    },
  };
}
