// How far an experiment's results can be trusted (issue 28 item 1): the warnings the server found
// (goal events naming arms it never served, bursts of goal events from one address, borrowers left
// out by the per-address allowance), and what was left out and why: exposures the server recorded
// that do not count, and goal events that are not conversions. The rules are the server's
// (src/server/experiments/counting.ts); this only shows them.
import type { Results } from './types';

type Discarded = Results['quality']['exposures']['discarded'];

/** One kind of thing counted: how many of all were left out, then each reason with its count. */
function Group({
  what,
  all,
  kept,
  discarded,
}: {
  what: string;
  all: number;
  kept: number;
  discarded: Discarded;
}) {
  return (
    <>
      <tr>
        <th scope="row">{what}</th>
        <td>
          {all - kept} of {all}
        </td>
        <td>{discarded.length === 0 && 'none left out'}</td>
      </tr>
      {discarded.map((d) => (
        <tr key={d.reason} data-reason={d.reason}>
          <td />
          <td>{d.count}</td>
          <td>{d.why}</td>
        </tr>
      ))}
    </>
  );
}

/** The server's warnings, shown beside the sample-ratio warning (before the verdicts). */
export function QualityWarnings({ results }: { results: Results }) {
  return results.quality.warnings.map((w) => (
    <p key={w.kind} className="studio-alert" role="alert" data-warning={w.kind}>
      {w.message}
    </p>
  ));
}

/** What was left out of the counts, and why. */
export function LeftOut({ results }: { results: Results }) {
  const q = results.quality;
  const recorded =
    q.goalRecordedBy === 'server'
      ? `“${results.goal}” is a server action: only the server’s own records of it count.`
      : `“${results.goal}” is reported by borrowers’ pages: it counts only for borrowers the server served an arm.`;
  return (
    <table className="studio-table studio-quality" aria-label="Left out of the results">
      <caption>
        Left out of the results. The server counts the borrowers it served an arm (recorded as it served them)
        whose page then showed the screen; {recorded}
      </caption>
      <thead>
        <tr>
          <th>What</th>
          <th>Left out</th>
          <th>Why</th>
        </tr>
      </thead>
      <tbody>
        <Group
          what="Borrowers served an arm"
          all={q.exposures.served}
          kept={q.exposures.counted}
          discarded={q.exposures.discarded}
        />
        <Group
          what="Goal events"
          all={q.goalEvents.received}
          kept={q.goalEvents.counted}
          discarded={q.goalEvents.discarded}
        />
      </tbody>
    </table>
  );
}
