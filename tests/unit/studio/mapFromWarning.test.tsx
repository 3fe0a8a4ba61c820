// Issue 25 task 9: the checker's warning that no route or promotion template shows a screen links
// to Routes & templates with that screen already chosen (`#/manifest/<screen>`), instead of a trip
// through the top bar and a select; a screen not yet published is said, not offered.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../renderer/validate/problem';
import type { StudioApi } from '../../../src/studio/api';
import { ProblemList } from '../../../src/studio/ProblemList';
import { ManifestView } from '../../../src/studio/publishing/ManifestView';
import { hashOf, parseView } from '../../../src/studio/route';

const UNUSED: Problem = {
  pointer: '',
  message: "no route or promotion template in the manifest shows screen 'promo-summer'",
  keyword: 'unused',
  severity: 'warning',
  line: 1,
  column: 1,
} as Problem;

describe('the unused screen warning', () => {
  it('links to Routes & templates with the screen, for one who may map it', () => {
    const { rerender } = render(
      <ProblemList problems={[UNUSED]} onReveal={() => {}} screen="promo-summer" />,
    );
    const link = screen.getByRole('link', { name: 'Map a route or template id to promo-summer…' });
    expect(link.getAttribute('href')).toBe('#/manifest/promo-summer');
    rerender(<ProblemList problems={[UNUSED]} onReveal={() => {}} />);
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<ProblemList problems={[{ ...UNUSED, keyword: 'near-copy' }]} screen="promo-summer" />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is an address of its own', () => {
    expect(parseView('#/manifest/promo-summer', 'x')).toEqual({ name: 'manifest', screen: 'promo-summer' });
    expect(parseView('#/manifest', 'x')).toEqual({ name: 'manifest' });
    expect(hashOf({ name: 'manifest', screen: 'promo-summer' })).toBe('#/manifest/promo-summer');
    expect(hashOf({ name: 'manifest' })).toBe('#/manifest');
  });
});

function api(live: string[]): StudioApi {
  return {
    canEdit: true,
    call: async () => ({
      ok: true,
      status: 200,
      message: '',
      body: { live: { id: 1, text: '{"schemaVersion":1,"routes":[]}' }, draft: null },
    }),
    liveScreens: async () => live,
  } as unknown as StudioApi;
}

describe('Routes & templates opened for a screen', () => {
  it('has the screen chosen in both forms', async () => {
    render(<ManifestView api={api(['loan-details', 'promo-summer'])} screen="promo-summer" />);
    const selects = await screen.findAllByRole<HTMLSelectElement>('combobox', { name: 'Screen' });
    expect(selects.map((s) => s.value)).toEqual(['promo-summer', 'promo-summer']);
  });

  it('says a screen not published yet cannot be shown, and chooses nothing', async () => {
    render(<ManifestView api={api(['loan-details'])} screen="promo-summer" />);
    await waitFor(() =>
      expect(screen.getByRole('note').textContent).toMatch(/promo-summer is not published yet/),
    );
    const selects = screen.getAllByRole<HTMLSelectElement>('combobox', { name: 'Screen' });
    expect(selects.map((s) => s.value)).toEqual(['', '']);
  });
});
