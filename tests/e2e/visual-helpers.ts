// Shared steps of the visual tools' specs (issue 25): the outline, the property panel and the
// phone as ops see them, and the saved draft's diff, to check a visual change touched only the
// lines it meant to.
import type { Page } from '@playwright/test';
import { expect } from './support';

export const outline = (page: Page) => page.getByRole('tree', { name: 'Outline' });
export const properties = (page: Page) => page.getByRole('region', { name: 'Properties' });
export const phone = (page: Page) => page.frameLocator('iframe[title="Preview"]');

/** Saves a draft of `screens/<file>.json` and returns its diff's changed lines ('+ …' and '− …'), in order. */
export async function savedDiff(page: Page, file: string): Promise<string[]> {
  await page.getByRole('button', { name: 'Save draft…' }).click();
  const dialog = page.getByRole('dialog', { name: `Save a draft of screens/${file}.json` });
  const rows = dialog.locator('.studio-diff-add .studio-diff-text, .studio-diff-del .studio-diff-text');
  await expect(rows.first()).toBeVisible();
  const lines = (await rows.allTextContents()).map((l) => l.replace(/\s+/g, ' ').trim());
  await dialog.getByLabel('What changed, for the reviewer').fill('Visual change');
  await dialog.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.studio-draft')).toHaveText('Draft');
  return lines;
}
