// @vitest-environment node
// The server's days are the lender's calendar (issue 27 item 4): a demo loan due today, seeded at
// 23:30 or at 00:30 Manila time, has that Manila day as its due date everywhere the server says it
// (the loan details' "Due date", the repayment plan, the extension plan), and the loan confirm
// page's due date counts from the Manila day. Before, the server wrote UTC days: at 00:30 Manila
// (16:30 UTC the evening before) a loan "due today" showed yesterday's date.
import { afterEach, describe, expect, it } from 'vitest';
import { backends, post, startServer, type TestServer } from './helpers.js';

const CASES = [
  {
    manila: '23:30',
    at: '2026-12-15T15:30:00Z',
    today: '2026-12-15',
    inAWeek: '2026-12-22',
    in91: '2027-03-16',
  },
  {
    manila: '00:30',
    at: '2026-12-15T16:30:00Z',
    today: '2026-12-16',
    inAWeek: '2026-12-23',
    in91: '2027-03-17',
  },
];

describe.each(backends)('the server’s days on %s', (backend) => {
  let s: TestServer;
  afterEach(async () => s?.close());

  it.each(CASES)('seeded at $manila Manila time, a loan due today is due on $today', async (c) => {
    s = await startServer(backend, { now: () => new Date(c.at) });

    const details = (await post(s.app, '/v3/loan-details/loan-details', { orderId: 'ORD-174' })).body.data;
    const rows = details.userOrderDetail.detail as { text: string; value: string }[];
    expect(rows.find((r) => r.text === 'Due date')?.value).toBe(c.today);

    const plan = (await post(s.app, '/v3/installment/loan-play-detail', { orderId: 'ORD-174' })).body.data;
    expect(plan.repayDate).toBe(c.today);

    const delay = (await post(s.app, '/ndustan/imitating', { orderId: 'ORD-174-D' })).body.data;
    expect(delay.delayInfo.nextRepayDate).toBe(c.inAWeek);
    expect(delay.repayPlan.map((row: { time: string }) => row.time)).toEqual([c.today, c.inAWeek]);

    // P-1 runs 91 days from today.
    const confirm = (await post(s.app, '/v3/loan-confirm/loan-detail-confirm', { productId: 'P-1' })).body
      .data;
    expect(confirm.firstPayTime).toBe(c.in91);
  });
});
