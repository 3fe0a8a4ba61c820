// Shared by the borrower-care end-to-end tests (tests/e2e/care-*.spec.ts): a fresh borrower per
// test, request recording, and direct reads of the reference server's API (what was stored).
import type { APIRequestContext, Page, Request } from '@playwright/test';

let counter = 0;

/** A session id no other test uses, so every test starts as a new borrower with no cards or complaints. */
export function freshSession(tag: string): string {
  counter += 1;
  return `E2E-CARE-${tag}-${process.pid}-${Date.now()}-${counter}`;
}

export function url(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
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

/** The reply `data` of a POST to the reference server as the given borrower (code checked by the caller). */
export async function api(
  request: APIRequestContext,
  path: string,
  sessionId: string,
  form: Record<string, string | number> = {},
): Promise<{ code: unknown; message: string; data: Record<string, unknown> }> {
  const res = await request.post(`${path}?sessionId=${encodeURIComponent(sessionId)}`, { form });
  return (await res.json()) as { code: unknown; message: string; data: Record<string, unknown> };
}

/** Picks an option of a picker field: opens it, taps the option, confirms. */
export async function pick(page: Page, field: string | RegExp, option: string): Promise<void> {
  await page
    .getByRole('button', { name: typeof field === 'string' ? new RegExp(`^${field}`) : field })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
}
