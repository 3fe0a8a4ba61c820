// Shared steps of the publishing specs: people signing in to the studio and editing, and a
// borrower's page opened in a fresh browser context (no cookie, no cache of the studio's). The
// servers run as production does (prod-env.ts): staff accounts made by ops, borrower pages opened
// with a signed session.
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { STAFF, withSession } from './prod-env';
import { expect } from './support';

export type Who = { username: string; password: string };

/** Loan details of the order prod-setup.ts gave the specs' borrower, opened as the app opens it. */
export const LOAN_PAGE = withSession('/loan/details?orderId=ORD-174-D&productId=P-1');
export const ROLLOVER_SCENARIO = '174 Due today with rollover (isDelay 1)';

export async function signIn(page: Page, who: Who = STAFF.editor): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Account').fill(who.username);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.studio-account')).toBeVisible();
}

/** A person's own browser: a new context at desktop size, signed in to the studio (`base`: its own port) at `hash`. */
export async function studioAs(browser: Browser, base: string, who: Who, hash: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/studio${hash}`);
  await signIn(page, who);
  return page;
}

/** Replaces text in the editor the way ops would: the editor's search and replace panel (its own:
 * the property panel beside it may have a field called Find). */
export async function replaceInEditor(page: Page, find: string, replacement: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+f');
  await page.locator('.studio-editor').getByRole('textbox', { name: 'Find' }).fill(find);
  await page.locator('.studio-editor').getByRole('textbox', { name: 'Replace' }).fill(replacement);
  await page.locator('.studio-editor').getByRole('button', { name: 'replace all' }).click();
  await page.keyboard.press('Escape');
}

/** Saves the editor's text as a draft with a note, and asks for review. */
export async function saveAndRequestReview(page: Page, file: string, note: string): Promise<void> {
  await page.getByRole('button', { name: 'Save draft…' }).click();
  const dialog = page.getByRole('dialog', { name: `Save a draft of screens/${file}.json` });
  await dialog.getByLabel('What changed, for the reviewer').fill(note);
  await dialog.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Request review' }).click();
  await expect(page.locator('.studio-draft')).toHaveText('Draft in review');
}

/** From the editor of a draft in review: its draft page's preview link, as the studio hands it out. */
export async function previewLinkOf(editor: Page): Promise<string> {
  await editor.getByRole('link', { name: 'Draft page' }).click();
  await editor.getByRole('button', { name: 'Preview on a phone' }).click();
  const link = editor.getByRole('region', { name: 'Preview on a phone' }).getByRole('link');
  return (await link.getAttribute('href'))!;
}

/** A borrower's phone: a fresh context at 375x667 with nothing of the studio's. */
export async function borrower(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 667 } });
  return context.newPage();
}

/** The open draft of a document, from the drafts list, opened on its review screen. */
export async function openReview(page: Page, label: RegExp | string): Promise<void> {
  await page.goto('/studio#/drafts');
  await page.getByRole('table').getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Review/ })).toBeVisible();
}

/**
 * Marketing's system makes landing template `id` (its texts, in the server's own table, a copy of
 * template 2's): the studio maps template ids to screens, it does not write marketing's templates.
 */
export function copyLandingTemplate(sqlitePath: string, id: number): void {
  const db = new Database(sqlitePath);
  try {
    db.prepare(
      'INSERT INTO landing_templates (id, config_json) SELECT ?, config_json FROM landing_templates WHERE id = 2',
    ).run(id);
  } finally {
    db.close();
  }
}

/**
 * Discards the open draft of a screen through the studio's API (as its Discard button does), so
 * the next task starts from the published version, as an ops person's next day would.
 */
export async function discardDraft(page: Page, screen: string): Promise<void> {
  const api = page.request;
  const { csrfToken } = (await (await api.get('/studio/api/session')).json()) as { csrfToken: string };
  const doc = (await (await api.get(`/studio/api/documents/screen/${screen}`)).json()) as {
    draft: { id: number } | null;
  };
  if (!doc.draft) return;
  const done = await api.post(`/studio/api/drafts/${doc.draft.id}/discard`, {
    headers: { 'x-csrf-token': csrfToken },
    data: {},
  });
  expect(done.ok()).toBe(true);
}
