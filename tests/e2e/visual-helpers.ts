// Shared steps of the visual tools' specs (issue 25): the outline, the property panel and the
// phone as ops see them, and the saved draft's diff, to check a visual change touched only the
// lines it meant to. studio-tally.ts counts the clicks and keys of the same steps.
import type { Page } from '@playwright/test';
import { expect } from './support';
import type { Tally } from './studio-tally';

export const outline = (page: Page) => page.getByRole('tree', { name: 'Outline' });
export const properties = (page: Page) => page.getByRole('region', { name: 'Properties' });
export const phone = (page: Page) => page.frameLocator('iframe[title="Preview"]');
/** The outline's selected row. */
export const selectedRow = (page: Page) => outline(page).locator('[aria-selected="true"]');

/**
 * Saves a draft of `screens/<file>.json` and returns its diff's changed lines ('+ …' and '− …',
 * in order). With a tally, its clicks and keys count (Ctrl+S, the note, Enter for a keyboard-only
 * one; the button, the note, the dialog's button with the mouse). The dialog opens with the focus in
 * the note: it is typed there with no click, once the test has seen it is focused. `review`: with
 * the dialog's "Save and request review" (the mouse's), the draft then in review.
 */
export async function savedDiff(
  page: Page,
  file: string,
  tally?: Tally,
  { review = false }: { review?: boolean } = {},
): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: `Save a draft of screens/${file}.json` });
  const note = dialog.getByLabel('What changed, for the reviewer');
  if (tally?.keyboardOnly) await tally.press('ControlOrMeta+s');
  else if (tally) await tally.click(page.getByRole('button', { name: 'Save draft…' }));
  else await page.getByRole('button', { name: 'Save draft…' }).click();
  const rows = dialog.locator('.studio-diff-add .studio-diff-text, .studio-diff-del .studio-diff-text');
  await expect(rows.first()).toBeVisible();
  const lines = (await rows.allTextContents()).map((l) => l.replace(/\s+/g, ' ').trim());
  if (tally) {
    await expect(note).toBeFocused();
    await expect(note).toHaveValue('');
    await tally.type('Visual change');
  }
  if (tally?.keyboardOnly) {
    await tally.press('Enter');
  } else if (tally) {
    await tally.click(
      dialog.getByRole('button', { name: review ? 'Save and request review' : 'Save draft', exact: true }),
    );
  } else {
    await note.fill('Visual change');
    await dialog.getByRole('button', { name: 'Save draft', exact: true }).click();
  }
  await expect(dialog).toBeHidden();
  await expect(page.locator('.studio-draft')).toHaveText(review ? 'Draft in review' : 'Draft');
  return lines;
}
