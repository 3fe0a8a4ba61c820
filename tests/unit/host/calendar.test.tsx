// One calendar on one screen (issue 27 item 4): a due instant at 23:30 and at 00:30 Manila time,
// on a phone set to UTC−8 and to UTC+14, shown by the app's `date` and `datetime` formats, by the
// language's formatDate, as days left (dateDiff) and as the end of a countdown to it: every place
// says the same Manila day. Before, the app's formats used the phone's zone and the language
// Manila's, so one screen could show the due date as two different days. The real app formats
// (src/host/format.ts) and the real engine; the process's zone is the phone's (Node reads TZ anew).
import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../../renderer/lang/load';
import { createFormat } from '../../../src/host/format';
import { createFakeHost } from '../../fixtures/fakeHost';
import { renderScreen, screenDoc } from '../../fixtures/renderScreen';

const DUES = [
  // Two hours before: 21:30 the same day (no day left), 22:30 the day before (one day left).
  { manila: '23:30', at: Date.parse('2026-12-15T15:30:00Z'), day: '2026-12-15', daysLeft: 0 },
  { manila: '00:30', at: Date.parse('2026-12-15T16:30:00Z'), day: '2026-12-16', daysLeft: 1 },
];
const ZONES = [
  { id: 'Etc/GMT+8', offset: 480 },
  { id: 'Pacific/Kiritimati', offset: -840 },
];
/** The screen's clock: two hours before the due time. */
const BEFORE_MS = 2 * 3_600_000;

const text = (value: unknown) => ({ type: 'text', text: value });

const doc = screenDoc(
  [
    text({ t: 'format date: {data.due|date}' }),
    text({ t: 'format datetime: {data.due|datetime}' }),
    text({ t: 'formatDate: {computed.dueOn}' }),
    text({ t: 'days left: {computed.daysLeft}' }),
    text({ t: 'countdown: {timers.untilDue.remaining} s, ends {computed.countdownEnds}' }),
    { type: 'button', label: 'Start', onTap: [{ do: 'countdown', timer: 'untilDue', op: 'start' }] },
  ],
  {
    timers: { untilDue: { seconds: { dateDiff: [{ now: [] }, { $: 'data.due' }, 'seconds'] } } },
    computed: {
      dueOn: { type: 'text', value: { formatDate: [{ $: 'data.due' }, 'YYYY-MM-DD'] } },
      daysLeft: { type: 'integer', value: { dateDiff: [{ now: [] }, { $: 'data.due' }, 'days'] } },
      countdownEnds: {
        type: 'text',
        value: {
          formatDate: [
            { dateAdd: [{ now: [] }, { $: 'timers.untilDue.remaining' }, 'seconds'] },
            'YYYY-MM-DD HH:mm',
          ],
        },
      },
    },
  } as never,
);

beforeAll(async () => {
  await loadLanguage();
});

describe.each(ZONES)('a phone in $id', (zone) => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone.id;
  });
  afterAll(() => {
    process.env.TZ = before;
  });

  it.each(DUES)('a due date at $manila Manila time is $day in every place of the screen', async (due) => {
    expect(new Date(due.at).getTimezoneOffset()).toBe(zone.offset);
    const host = createFakeHost();
    host.format = createFormat({ currencySign: '₱' });
    const now = due.at - BEFORE_MS;
    host.now = () => now;
    // Unix seconds, as a lender's server may send a due date (rulings 7).
    renderScreen({ ...doc, state: { data: { due: due.at / 1000 } } } as never, { host });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    });

    expect(screen.getByText(`format date: ${due.day}`)).toBeTruthy();
    expect(screen.getByText(`format datetime: ${due.day} ${due.manila}:00`)).toBeTruthy();
    expect(screen.getByText(`formatDate: ${due.day}`)).toBeTruthy();
    expect(screen.getByText(`days left: ${due.daysLeft}`)).toBeTruthy();
    expect(screen.getByText(`countdown: ${BEFORE_MS / 1000} s, ends ${due.day} ${due.manila}`)).toBeTruthy();
  });
});
