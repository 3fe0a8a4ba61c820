// The studio's publishing helpers: manifest edits that keep the file's layout, and times typed in
// the lender's zone sent with their offset.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { addRoute, mapTemplate } from '../../../src/studio/publishing/manifestEdit';
import { localInput, showTime, zonedIso } from '../../../src/studio/publishing/time';
import { lineDiff, changedLines } from '../../../src/studio/diff';

const MANIFEST = readFileSync('screens/manifest.json', 'utf8');

describe('manifest edits', () => {
  it('maps a new template id with a change local to its page, keeping the rest of the layout', () => {
    const next = mapTemplate(MANIFEST, 'landing', '3', 'promo-landing-bold');
    expect(JSON.parse(next).promo.landing.templates).toEqual({
      '1': 'promo-landing-classic',
      '2': 'promo-landing-bold',
      '3': 'promo-landing-bold',
    });
    const rows = lineDiff(MANIFEST, next);
    expect(rows.filter((r) => r.kind === 'add').map((r) => r.text.trim())).toContain(
      '"3": "promo-landing-bold"',
    );
    expect(changedLines(rows)).toBeLessThanOrEqual(10);
  });

  it('remaps an existing id and adds a route at the end', () => {
    expect(
      JSON.parse(mapTemplate(MANIFEST, 'landing', '1', 'promo-landing-bold')).promo.landing.templates['1'],
    ).toBe('promo-landing-bold');
    const next = JSON.parse(addRoute(MANIFEST, '/promo/summer', 'promo-landing-bold'));
    expect(next.routes.at(-1)).toEqual({ path: '/promo/summer', screen: 'promo-landing-bold' });
    expect(next.routes.length).toBe(JSON.parse(MANIFEST).routes.length + 1);
  });
});

describe('times in Asia/Manila', () => {
  it('sends a typed wall-clock time with its offset', () => {
    expect(zonedIso('2026-12-24T09:00', 'Asia/Manila')).toBe('2026-12-24T09:00:00+08:00');
    expect(Date.parse(zonedIso('2026-12-24T09:00', 'Asia/Manila')!)).toBe(Date.parse('2026-12-24T01:00:00Z'));
    expect(zonedIso('2026-07-01T12:30', 'America/New_York')).toBe('2026-07-01T12:30:00-04:00');
    expect(zonedIso('', 'Asia/Manila')).toBeNull();
    expect(zonedIso('tomorrow', 'Asia/Manila')).toBeNull();
  });

  it('shows a stored UTC time in the zone, and round-trips the inputs', () => {
    expect(showTime('2026-12-24T01:00:00Z', 'Asia/Manila')).toBe('24 Dec 2026, 9:00 am');
    expect(localInput(Date.parse('2026-12-23T16:30:00Z'), 'Asia/Manila')).toBe('2026-12-24T00:30');
  });

  it('shows noon and midnight as 12, in every engine (en-GB with hour12 alone gives "0:05 pm" in Node ICU)', () => {
    expect(showTime('2026-11-28T04:05:00Z', 'Asia/Manila')).toBe('28 Nov 2026, 12:05 pm');
    expect(showTime('2026-11-27T16:05:00Z', 'Asia/Manila')).toBe('28 Nov 2026, 12:05 am');
  });
});
