import { describe, expect, it } from 'vitest';
import { harness } from './harness';

describe('alert action', () => {
  it('shows the evaluated text in a message box', async () => {
    const h = harness({}, { initial: { form: { contact: '0917 000 0000' } } });
    await h.run([{ do: 'alert', text: { t: 'Contact: {form.contact}' } }]);
    expect(h.host.log.alerts).toEqual(['Contact: 0917 000 0000']);
  });
});
