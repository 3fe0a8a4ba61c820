import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';
import { createFakeHost } from '../../../fixtures/fakeHost';

describe('article block', () => {
  it('renders headings, paragraphs and bullets, filling in configuration values as text', () => {
    const host = createFakeHost(undefined, { lenderName: 'Lender <Inc>', email: 'help@lender.ph' });
    const { container } = renderScreen(
      screenDoc([
        {
          type: 'article',
          title: 'Loan terms and conditions',
          sections: [
            {
              heading: '1. Parties',
              paragraphs: [{ t: 'This agreement is made with {config.lenderName}.' }, 'Second paragraph.'],
              bullets: ['Term 91 to 365 days.', { t: 'Write to {config.email}' }],
            },
            { heading: '2. Minors', paragraphs: ['Applicants must be over 18.'] },
          ],
        },
      ]),
      { host },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Loan terms and conditions' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '1. Parties',
      '2. Minors',
    ]);
    expect(screen.getByText('This agreement is made with Lender <Inc>.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Term 91 to 365 days.',
      'Write to help@lender.ph',
    ]);
    expect(container.querySelector('inc')).toBeNull();
    expect(screen.getAllByRole('list')).toHaveLength(1);
  });
});
