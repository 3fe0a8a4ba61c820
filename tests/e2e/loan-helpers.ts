// Shared by the loan end-to-end tests (tests/e2e/loan-*.spec.ts).
import type { Page, Request, Route } from '@playwright/test';
import { phoneDraws } from './support';

/** The common parameters the native wrapper passes on the entry URL. */
export const SESSION = { sessionId: 'E2E-LOAN', deviceId: 'dev-loan', appVersion: '1.0.0' };

export function url(path: string, query: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ ...query, ...SESSION }).toString()}`;
}

export const details = (orderId: string, productId: string) => url('/loan/details', { orderId, productId });

/** Every request to `path` the page sends from now on. */
export function record(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

/** The query of a URL as an object. */
export function queryOf(address: string): Record<string, string> {
  return Object.fromEntries(new URL(address).searchParams);
}

/** Answers `path` with the real server's reply changed by `edit` (hostile or unusual data the demo lacks). */
export async function editReply(
  page: Page,
  path: string,
  edit: (body: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  await phoneDraws(page);
  await page.route(
    (u) => u.pathname === path,
    async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: edit(body) });
    },
  );
}

/** Answers `path` with a fixed JSON body. */
export async function reply(page: Page, path: string, json: unknown): Promise<void> {
  await phoneDraws(page);
  await page.route(
    (u) => u.pathname === path,
    (route) => route.fulfill({ json }),
  );
}

export const iosBack = (page: Page) =>
  page.evaluate(() => (window as unknown as { onIosBack: () => void }).onIosBack());
export const nativeClose = (page: Page) =>
  page.evaluate(() => (window as unknown as { onNativeClose: () => void }).onNativeClose());

/** Whether a JavaScript dialog (alert) opened: hostile data must never run. */
export function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (d) => {
    opened.push(d.message());
    void d.dismiss();
  });
  return opened;
}
