// The studio's visual tools (issue 25), end to end in Chromium against a real server configured
// as production (its own clock server, slot 11: the studio on its own port, staff accounts made
// by ops): ops change a screen through the outline, the phone and the property panel without
// touching the text, and the draft's diff has only the lines they meant to change.
import { STAFF } from './prod-env';
import { expect, test } from './support';
import { startClockServer, type ClockServer } from './clock';
import { ROLLOVER_SCENARIO, studioAs } from './publishing-helpers';
import { outline, phone, properties, savedDiff } from './visual-helpers';

test.describe.configure({ mode: 'serial' });

let server: ClockServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startClockServer(11);
});
test.afterAll(async () => server?.stop());

test('task 1: the loan details title changes through the outline and the property panel; the draft changes that one line', async ({
  browser,
}) => {
  const page = await studioAs(browser, server.studioBase, STAFF.editor, '#loan-details');
  await expect(outline(page)).toBeVisible();
  await outline(page)
    .getByRole('treeitem', { name: /Order Details/ })
    .click();
  const title = properties(page).getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue('Order Details');
  await title.fill('Loan details');
  await expect(outline(page).getByRole('treeitem', { name: /Loan details/ })).toBeVisible();
  await expect(page.locator('.cm-editor')).not.toHaveClass(/cm-focused/);
  expect(await savedDiff(page, 'loan-details')).toEqual([
    '− "title": "Order Details",',
    '+ "title": "Loan details",',
  ]);
  await page.context().close();
});

test('selection is one in the outline, the phone and the text: a click in the phone selects the block in the outline and the panel; the cursor in the text selects the block it is in', async ({
  browser,
}) => {
  const page = await studioAs(browser, server.studioBase, STAFF.editor, '#loan-details');
  await page.getByLabel('Scenario').selectOption({ label: ROLLOVER_SCENARIO });
  await expect(phone(page).locator('main.screen[data-screen="loan-details"]')).toBeVisible();
  await page.getByRole('button', { name: 'Select in phone' }).click();
  await expect(page.getByRole('button', { name: 'Select in phone' })).toHaveAttribute('aria-pressed', 'true');

  // A click on a button in pick mode selects it and does not run it.
  const log = page.getByRole('list', { name: 'Actions log' }).getByRole('listitem');
  const button = phone(page).getByRole('button', { name: 'Rollover Repayment' });
  await expect(button).toBeVisible();
  const logged = await log.count();
  await button.hover();
  await expect(phone(page).locator('.studio-pick-hover span')).toHaveText('button');
  await button.click();
  const selected = outline(page).locator('[aria-selected="true"]');
  await expect(selected).toContainText('Rollover Repayment');
  await expect(selected).toContainText('button');
  await expect(properties(page).getByRole('textbox', { name: 'Label', exact: true })).toHaveValue(
    'Rollover Repayment',
  );
  await expect(phone(page).locator('.studio-pick-selected span')).toHaveText('button');
  if (process.env.STUDIO_SHOTS)
    await page.screenshot({ path: `${process.env.STUDIO_SHOTS}/visual-selected.png` });
  expect(await log.count()).toBe(logged);

  // The text's cursor went to where the block is written.
  await expect(page.locator('.cm-activeLine')).toContainText('{');

  // A click in the text inside another block selects it.
  // (the next case's Repayment button is written some lines below: scrolled to, not typed)
  await page.locator('.cm-scroller').hover();
  await page.mouse.wheel(0, 600);
  await page.locator('.cm-content .cm-line', { hasText: '"label": "Repayment"' }).click();
  await expect(selected).toContainText('Repayment');
  await expect(selected).not.toContainText('Rollover');
  await expect(properties(page).getByRole('textbox', { name: 'Label', exact: true })).toHaveValue(
    'Repayment',
  );

  // Out of pick mode the phone runs the button again.
  await page.getByRole('button', { name: 'Select in phone' }).click();
  await button.click();
  await expect.poll(() => log.count()).toBeGreaterThan(logged);
  await page.context().close();
});

test('move and add: a block moves up with Alt+ArrowUp in the outline and a divider is added from the palette; Ctrl+Z takes the addition back', async ({
  browser,
}) => {
  const page = await studioAs(browser, server.studioBase, STAFF.editor, '#loan-details');
  await outline(page)
    .getByRole('treeitem', { name: /column/ })
    .filter({ hasText: 'recommendations' })
    .click();
  const before = await outline(page).getByRole('treeitem').allTextContents();
  const at = before.findIndex((t) => t.includes('recommendations'));
  await page.keyboard.press('Alt+ArrowUp');
  await expect(outline(page).locator('[aria-selected="true"]')).toContainText('recommendations');
  const after = await outline(page).getByRole('treeitem').allTextContents();
  expect(after.findIndex((t) => t.includes('recommendations'))).toBeLessThan(at);

  await page.getByRole('button', { name: 'Add block…' }).click();
  await page.getByRole('searchbox', { name: 'Search blocks' }).fill('divider');
  await page
    .getByRole('region', { name: 'Add a block' })
    .getByRole('button', { name: /Divider/ })
    .click();
  await expect(outline(page).locator('[aria-selected="true"]')).toContainText('divider');
  await outline(page).locator('[aria-selected="true"]').focus();
  await page.keyboard.press('Control+z');
  await expect(outline(page).getByRole('treeitem', { name: /divider/ })).toHaveCount(
    before.filter((t) => t.includes('divider')).length,
  );
  const diff = await savedDiff(page, 'loan-details');
  // A pure move: the lines that leave one place arrive at another, unchanged (the diff shows
  // whichever of the two swapped blocks is shorter as the one that moved).
  const removed = diff.filter((l) => l.startsWith('−')).map((l) => l.slice(2));
  const added = diff.filter((l) => l.startsWith('+')).map((l) => l.slice(2));
  expect(added.length).toBeGreaterThan(3);
  expect([...added].sort()).toEqual([...removed].sort());
  await page.context().close();
});

test('task 3: the recommended products are hidden when the order status is 200, with the condition builder; the draft adds that one row', async ({
  browser,
}) => {
  const page = await studioAs(browser, server.studioBase, STAFF.editor, '#loan-details');
  await outline(page).getByRole('treeitem', { name: 'column recommendations' }).click();
  const visible = properties(page).getByRole('group', { name: 'Visible condition' });
  await expect(visible.getByRole('combobox', { name: 'Visible: rows joined by' })).toHaveValue('and');
  await visible.getByRole('button', { name: 'Add condition row' }).click();
  await visible.getByRole('combobox', { name: 'Visible row 3 field' }).fill('data.order.orderStatus');
  await visible.getByRole('combobox', { name: 'Visible row 3 operator' }).selectOption({ label: 'is not' });
  await visible.getByRole('textbox', { name: 'Visible row 3 value' }).fill('200');
  await visible.getByRole('textbox', { name: 'Visible row 3 value' }).press('Enter');
  await expect(visible.getByRole('textbox', { name: 'Visible row 3 value' })).toHaveValue('200');
  const diff = await savedDiff(page, 'loan-details');
  // The row before gains its comma; the new row is the only other change.
  expect(diff.filter((l) => l.startsWith('−'))).toEqual(['− }']);
  const added = diff.filter((l) => l.startsWith('+')).join(' ');
  // (on one line, as this document writes short objects)
  expect(added.replace(/\s+/g, '')).toBe('+},+{"!=":[{"$":"data.order.orderStatus"},200]}');
  await page.context().close();
});

test('task 6: the action of a button is changed to open /service, the route picked from the routes that exist', async ({
  browser,
}) => {
  const page = await studioAs(browser, server.studioBase, STAFF.editor, '#loan-details');
  await outline(page)
    .getByRole('treeitem', { name: /Rollover Repayment/ })
    .click();
  const steps = properties(page).getByRole('list', { name: 'On tap steps' });
  const to = steps.getByRole('combobox', { name: 'To', exact: true }).first();
  await expect(to).toHaveValue('/repay/delay');
  await to.selectOption('/service');
  await expect(to).toHaveValue('/service');
  expect(await savedDiff(page, 'loan-details')).toEqual(['− "to": "/repay/delay",', '+ "to": "/service",']);
  await page.context().close();
});

test('an API path is a text box that suggests the paths in use: a new path typed in ends up in the draft', async ({
  browser,
}) => {
  const page = await studioAs(browser, server.studioBase, STAFF.editor, '#loan-details');
  await outline(page)
    .getByRole('treeitem', { name: /Borrow Again/ })
    .click();
  const steps = properties(page).getByRole('list', { name: 'On tap steps' });
  const path = steps.getByRole('combobox', { name: 'Path', exact: true }).first();
  await expect(path).toHaveValue('/service/event/save');
  // the suggestions are the call paths the screens and parts use (this one is in another button)
  const list = page.locator(`datalist[id="${await path.getAttribute('list')}"]`);
  await expect(list.locator('option[value="/v3/loan-details/google-score"]')).toHaveCount(1);
  await path.fill('/v3/loan-details/reborrow');
  await expect(path).toHaveValue('/v3/loan-details/reborrow');
  expect(await savedDiff(page, 'loan-details')).toEqual([
    '− "path": "/service/event/save",',
    '+ "path": "/v3/loan-details/reborrow",',
  ]);
  await page.context().close();
});
