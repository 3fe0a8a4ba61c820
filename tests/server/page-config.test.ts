// @vitest-environment node
// The page's development flag (issue 16 item 14): the "bridge: ..." line shows only when it is on;
// the demo server turns it on, a production start (LENDER_DEV=0) leaves it off.
import { describe, expect, it } from 'vitest';
import { pageConfig } from '../../src/server/plugins/static-app.js';

describe('devTools in the page configuration', () => {
  it('on in the demo server, off in production', () => {
    expect(pageConfig(true, {}).devTools).toBe(true);
    expect(pageConfig(false, {}).devTools).toBe(false);
  });

  it('LENDER_DEV_TOOLS decides when set', () => {
    expect(pageConfig(true, { LENDER_DEV_TOOLS: '0' }).devTools).toBe(false);
    expect(pageConfig(false, { LENDER_DEV_TOOLS: '1' }).devTools).toBe(true);
  });
});
