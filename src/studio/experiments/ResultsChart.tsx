// Each arm over time: its conversion rate and its exposures, day by day (cumulative), drawn with
// uPlot. The library and its styles are imported when a chart is first drawn, so only this view
// downloads them (the studio's other views and the borrower's app never do).
import { useEffect, useRef, useState } from 'react';
import { dayText, LENDER_TIME_ZONE, parseMoment } from '../../../renderer/calendar';
import type { Results } from './types';
import { armName } from './types';

const COLOURS = ['#64748b', '#2563eb', '#16a34a', '#ea580c', '#9333ea', '#db2777'];

type Series = 'rate' | 'exposures';

/** Days are the lender's (renderer/calendar.ts): a day's midnight there, in epoch seconds; labels MM-DD. */
const dayLabel = (seconds: number) => dayText(seconds * 1000).slice(5);

/** The day before the first is the start (nobody exposed yet), so even one day draws a line. */
function data(results: Results, series: Series): (number | null)[][] {
  const days = results.days.map((d) => (parseMoment(d.day) ?? NaN) / 1000);
  const x = [days[0]! - 86_400, ...days];
  const lines = results.arms.map((_, arm) => [
    series === 'exposures' ? 0 : null,
    ...results.days.map((d) => {
      if (series === 'exposures') return d.exposures[arm]!;
      const n = d.exposures[arm]!;
      return n ? (100 * d.conversions[arm]!) / n : null;
    }),
  ]);
  return [x, ...lines];
}

export function ResultsChart({
  results,
  series,
  title,
}: {
  results: Results;
  series: Series;
  title: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled || !box.current) return;
        chart = new UPlot(
          {
            width: Math.max(320, box.current.clientWidth),
            height: 220,
            title,
            // Ticks at the lender's midnights, whatever the studio's own zone.
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), LENDER_TIME_ZONE),
            scales: {
              x: { time: true },
              y: { range: (_u, _min, max) => [0, Math.max(Number.isFinite(max) ? max : 0, 10) * 1.1] },
            },
            axes: [
              // Whole days only, labelled as the lender's days (MM-DD).
              {
                incrs: [86_400, 2 * 86_400, 7 * 86_400, 14 * 86_400, 28 * 86_400],
                values: (_u, splits) => splits.map(dayLabel),
              },
              { label: series === 'rate' ? '% converted' : 'borrowers' },
            ],
            series: [
              { label: 'Day', value: (_u, v) => (v === null ? '–' : dayLabel(v)) },
              ...results.arms.map((a, i) => ({
                label: armName(a.arm),
                stroke: COLOURS[i % COLOURS.length],
                width: 2,
                points: { show: results.days.length < 4 },
              })),
            ],
          },
          data(results, series) as unknown as [number[], ...(number | null)[][]],
          box.current,
        );
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [results, series, title]);
  return (
    <figure className="studio-chart" aria-label={title}>
      <div ref={box} />
      {failed && (
        <p className="studio-alert">The chart could not be loaded; the table above has the same numbers.</p>
      )}
    </figure>
  );
}
