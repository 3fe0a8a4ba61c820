// The fields whose value is chosen from a list (x-choices): which stay free text boxes, and the
// suggestions the studio fills from the screens and parts (issue 25, choices).
import { describe, expect, it } from 'vitest';
import { choiceControl, usedChoices } from '../../../../src/studio/visual/model/choices';

describe('choiceControl', () => {
  it('keeps open lists (API paths, track events) a text box, even with known values', () => {
    expect(choiceControl('apiPaths', ['/v3/a'], '/v3/a')).toBe('input');
    expect(choiceControl('trackEvents', [], '')).toBe('input');
    expect(choiceControl('templates', ['t1'], '')).toBe('input');
  });
  it('makes a closed list a select only when it holds the current value', () => {
    expect(choiceControl('routes', ['/home', '/service'], '/home')).toBe('select');
    expect(choiceControl('routes', ['/home'], '')).toBe('select');
    expect(choiceControl('routes', ['/home'], '/gone')).toBe('input');
    expect(choiceControl('modals', [], '')).toBe('input');
  });
});

describe('usedChoices', () => {
  const screen = {
    body: [
      {
        type: 'button',
        onTap: [
          { do: 'call', path: '/v3/b' },
          { do: 'track', event: 'tap_x' },
        ],
      },
    ],
    modals: { m: { body: [{ type: 'button', onTap: { do: 'call', path: '/v3/a' } }] } },
  };
  const part = { blocks: [{ type: 'button', onTap: [{ do: 'call', path: '/v3/b' }] }] };
  it('collects the call paths used across documents, sorted, once each', () => {
    expect(usedChoices('apiPaths', [screen, part, null])).toEqual(['/v3/a', '/v3/b']);
  });
  it('collects the track event names', () => {
    expect(usedChoices('trackEvents', [screen])).toEqual(['tap_x']);
  });
  it('knows nothing of a list it cannot fill', () => {
    expect(usedChoices('routes', [screen])).toEqual([]);
  });
});
