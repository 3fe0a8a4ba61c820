import type { Page } from '@playwright/test';

/** One screenshot of `npm run gallery`: a page in a state, on a 375x667 phone. */
export interface Shot {
  name: string;
  path: string;
  /** Brings the page into the state to show (tap, type, open a popup...). */
  setup?: (page: Page) => Promise<void>;
  fullPage?: boolean;
}
