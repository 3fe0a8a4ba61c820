// Shared by the repayment end-to-end tests (tests/e2e/repay-*.spec.ts).
import type { Page, Request } from '@playwright/test';

/** The common parameters the native wrapper passes; they must never reach the payment provider (D-34). */
export const SESSION = { sessionId: 'E2E-REPAY', deviceId: 'dev-repay', appVersion: '1.0.0' };

let borrowers = 0;

/**
 * A borrower of its own for the next test: an order takes one repayment at a time and never more
 * than is due (issue 20), so tests that each pay ORD-174 cannot share one session.
 */
export function freshRepaySession(): void {
  borrowers += 1;
  SESSION.sessionId = `E2E-REPAY-${process.pid}-${Date.now()}-${borrowers}`;
}

export function url(path: string, query: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ ...query, ...SESSION }).toString()}`;
}

/** Every request to `path` the page sends from now on. */
export function record(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

/** A form-encoded body as an object. */
export function formBody(request: Request): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.postData() ?? ''));
}

/** Two taps in the same task: the second lands while the first one's actions are running. */
export async function doubleTap(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await button.evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });
}
