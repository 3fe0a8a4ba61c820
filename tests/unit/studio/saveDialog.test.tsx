// Issue 25 task 9, the four-eyes flow in one click: "Save and request review" saves the draft, then
// asks for its review with the same note (a publisher still approves it); "Save draft" and Enter
// in the note only save. A refused review leaves the draft saved and says why.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DraftInfo, StudioApi } from '../../../src/studio/api';
import { SaveDialog } from '../../../src/studio/SaveDialog';

const draft = (status: string): DraftInfo => ({
  id: 7,
  status,
  headRevisionId: 41,
  updatedBy: 'Ed',
  updatedAt: '2025-01-01T00:00:00Z',
  reviewComment: '',
});

function setup(review: { ok: boolean; message: string }) {
  const calls: unknown[][] = [];
  const api = {
    save: async (...args: unknown[]) => {
      calls.push(['save', ...args]);
      return { ok: true, revisionId: 41, draft: draft('draft') };
    },
    requestReview: async (...args: unknown[]) => {
      calls.push(['review', ...args]);
      return review.ok ? { ...review, draft: draft('in_review') } : review;
    },
  } as unknown as StudioApi;
  const saved: unknown[][] = [];
  render(
    <SaveDialog
      api={api}
      id="promo-landing-summer"
      before=""
      after={'{\n  "title": "x"\n}\n'}
      parentRevisionId={null}
      errors={[]}
      onSaved={(...args) => saved.push(args)}
      onClose={() => {}}
    />,
  );
  return { calls, saved };
}

describe('SaveDialog', () => {
  it('saves, then asks for the review with the note', async () => {
    const user = userEvent.setup();
    const { calls, saved } = setup({ ok: true, message: '' });
    // The note has the focus when the dialog opens.
    await user.keyboard('Summer landing');
    await user.click(screen.getByRole('button', { name: 'Save and request review' }));
    await waitFor(() => expect(saved.length).toBe(1));
    expect(calls).toEqual([
      ['save', 'promo-landing-summer', '{\n  "title": "x"\n}\n', null, 'Summer landing'],
      ['review', 7, 'Summer landing'],
    ]);
    const [, revisionId, info, review] = saved[0] as [string, number, DraftInfo, unknown];
    expect([revisionId, info.status, review]).toEqual([41, 'in_review', { ok: true, message: '' }]);
  });

  it('only saves with Save draft or Enter', async () => {
    const user = userEvent.setup();
    const { calls, saved } = setup({ ok: true, message: '' });
    await user.keyboard('Summer landing{Enter}');
    await waitFor(() => expect(saved.length).toBe(1));
    expect(calls.map((c) => c[0])).toEqual(['save']);
    expect(saved[0]?.[3]).toBeUndefined();
  });

  it('keeps the draft saved when the review is refused, and says why', async () => {
    const user = userEvent.setup();
    const { saved } = setup({ ok: false, message: 'fix 1 error before asking for a review' });
    await user.click(screen.getByRole('button', { name: 'Save and request review' }));
    await waitFor(() => expect(saved.length).toBe(1));
    const [, , info, review] = saved[0] as [string, number, DraftInfo, unknown];
    expect(info.status).toBe('draft');
    expect(review).toEqual({ ok: false, message: 'fix 1 error before asking for a review' });
  });
});
