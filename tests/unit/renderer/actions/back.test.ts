import { describe, expect, it } from 'vitest';
import { harness } from './harness';

describe('back action', () => {
  it('goes back with the fallback app path', async () => {
    const h = harness();
    await h.run([{ do: 'back', fallback: '/complaint' }, { do: 'back' }]);
    expect(h.host.log.backs).toEqual(['/complaint', undefined]);
  });

  it('never falls back to an outside or unsafe address, even in an unvalidated document', async () => {
    const h = harness();
    await h.run([
      { do: 'back', fallback: 'https://evil.example.com' },
      { do: 'back', fallback: 'javascript:alert(1)' },
      { do: 'back', fallback: '//evil.example.com' },
    ]);
    expect(h.host.log.backs).toEqual([undefined, undefined, undefined]);
  });
});
