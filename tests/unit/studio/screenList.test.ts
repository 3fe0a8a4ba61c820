// The studio's screen list: each screen with the routes and promotion templates that show it.
import { describe, expect, it } from 'vitest';
import { screensOf } from '../../../src/studio/ScreenList';

describe('screensOf', () => {
  it('lists each screen once, with its paths, aliases, flags and promotion templates', () => {
    const screens = screensOf({
      schemaVersion: 1,
      routes: [
        { path: '/loan/details', screen: 'loan-details', aliases: ['/order'] },
        { path: '/testPreview', screen: 'dev-preview', flag: 'devPreview' },
      ],
      promo: {
        download: {
          param: 'down_id',
          templates: { '1': 'promo-download', '2': 'promo-download' },
          default: 'promo-download',
        },
      },
    });
    expect(screens).toEqual([
      { id: 'dev-preview', places: ['/testPreview (devPreview)'] },
      { id: 'loan-details', places: ['/loan/details', '/order'] },
      {
        id: 'promo-download',
        places: ['/promo/download?down_id=1', '/promo/download?down_id=2', '/promo/download (default)'],
      },
    ]);
  });
});
