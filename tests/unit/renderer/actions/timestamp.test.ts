import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createFakeHost } from '../../../fixtures/fakeHost';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

describe('timestamp action', () => {
  it("writes the host clock's time into the state", async () => {
    const host = createFakeHost();
    let clock = 1_700_000_000_000;
    host.now = () => clock;
    const h = harness({}, { host });
    await h.run([{ do: 'timestamp', into: 'ui.captchaAt' }]);
    expect(h.state().ui.captchaAt).toBe(1_700_000_000_000);
    clock += 1500;
    await h.run([{ do: 'timestamp', into: 'ui.captchaAt' }]);
    expect(h.state().ui.captchaAt).toBe(1_700_000_001_500);
  });

  it('makes an address new each time (a refreshed captcha image)', async () => {
    const host = createFakeHost();
    let clock = 100;
    host.now = () => clock++;
    renderScreen(
      doc(
        [
          {
            type: 'image',
            src: { t: '/captcha?sid=s1&a={ui.at}' },
            alt: 'Captcha',
            visible: { $: 'ui.at' },
            onTap: [{ do: 'timestamp', into: 'ui.at' }],
          },
        ],
        { onLoad: [{ do: 'timestamp', into: 'ui.at' }] },
      ),
      { host },
    );
    const img = await screen.findByAltText('Captcha');
    expect(img.getAttribute('src')).toBe('/captcha?sid=s1&a=100');
    screen.getByRole('button', { name: 'Captcha' }).click();
    await waitFor(() =>
      expect(screen.getByAltText('Captcha').getAttribute('src')).toBe('/captcha?sid=s1&a=101'),
    );
  });

  it('refuses to write outside the document state and stops the sequence', async () => {
    const h = harness();
    const outcome = await h.run([
      { do: 'timestamp', into: 'params.x' },
      { do: 'toast', text: 'after' },
    ]);
    expect(outcome).toBe('stop');
    expect(h.host.log.toasts).toEqual([]);
    expect(h.host.log.problems.map((p) => p.code)).toContain('bad-state-path');
  });
});
