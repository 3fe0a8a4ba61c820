// 10 000-item lists from a hostile server (issue 10): every block that draws one element per data
// item draws at most DEFAULT_LIMIT of them, so a cheap phone stays responsive. The choice block
// drew them all (repeat's own tests cover its limit) (a 10 000-card bank list froze the legacy repayment page for seconds).
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMIT } from '../../../renderer/blocks/ItemList';
import { renderScreen, screenDoc } from '../../fixtures/renderScreen';

const HUGE = Array.from({ length: 10_000 }, (_, i) => ({
  id: i + 1,
  title: `Item ${i + 1}`,
  value: `v${i}`,
}));

const render = (block: Record<string, unknown>) =>
  renderScreen(screenDoc([block], { state: { data: { list: HUGE } } } as never));

describe('a 10 000-item list draws at most DEFAULT_LIMIT items', () => {
  it('choice', () => {
    const { getAllByRole } = render({
      type: 'choice',
      items: { $: 'data.list' },
      bind: 'ui.pick',
      label: 'Bank card',
      children: [{ type: 'text', text: { $: 'item.title' } }],
    });
    expect(getAllByRole('radio')).toHaveLength(DEFAULT_LIMIT);
  });

  it('keyValue rows', () => {
    const { container } = render({ type: 'keyValue', rows: { $: 'data.list' }, labelKey: 'title' });
    expect(container.querySelectorAll('dt')).toHaveLength(DEFAULT_LIMIT);
  });

  it('tabs from data', () => {
    const { getAllByRole } = render({ type: 'tabs', items: { $: 'data.list' }, body: [] });
    expect(getAllByRole('tab')).toHaveLength(DEFAULT_LIMIT);
  });
});
