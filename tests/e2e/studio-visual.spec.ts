// The studio's visual tools (issue 25), end to end in Chromium against a real server configured
// as production (its own clock server, slot 11: the studio on its own port, staff accounts made
// by ops): ops change a screen through the outline, the phone and the property panel without
// touching the text, and the draft's diff has only the lines they meant to change.
import { createHash } from 'node:crypto';
import type { Browser, Locator } from '@playwright/test';
import { STAFF } from './prod-env';
import { expect, test } from './support';
import { useClockServer } from './clock';
import { discardDraft, ROLLOVER_SCENARIO, studioAs } from './publishing-helpers';
import { outline, phone, properties, savedDiff, selectedRow } from './visual-helpers';

test.describe.configure({ mode: 'serial' });

const server = useClockServer(11);

/**
 * Whether `a` is drawn above `b` in the phone; null while either has no box (the phone redrawing
 * after a move, which a busy CI machine caught between the two reads), so a poll waits it out.
 */
async function isAbove(a: Locator, b: Locator): Promise<boolean | null> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  return boxA && boxB ? boxA.y < boxB.y : null;
}

/** The studio as an editor on loan details in the rollover scenario (no popup over the page), its phone drawn. */
async function loanDetails(browser: Browser) {
  const page = await studioAs(browser, server().studioBase, STAFF.editor, '#loan-details');
  await page.getByLabel('Scenario').selectOption({ label: ROLLOVER_SCENARIO });
  const screen = phone(page).locator('main.screen[data-screen="loan-details"]');
  await expect(screen).toBeVisible();
  return { page, screen };
}

test('task 1: the loan details title changes through the outline and the property panel; the draft changes that one line', async ({
  browser,
}) => {
  const page = await studioAs(browser, server().studioBase, STAFF.editor, '#loan-details');
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
  const { page } = await loanDetails(browser);
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
  const selected = selectedRow(page);
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
  const page = await studioAs(browser, server().studioBase, STAFF.editor, '#loan-details');
  await outline(page)
    .getByRole('treeitem', { name: /column/ })
    .filter({ hasText: 'recommendations' })
    .click();
  const before = await outline(page).getByRole('treeitem').allTextContents();
  const at = before.findIndex((t) => t.includes('recommendations'));
  await page.keyboard.press('Alt+ArrowUp');
  await expect(selectedRow(page)).toContainText('recommendations');
  const after = await outline(page).getByRole('treeitem').allTextContents();
  expect(after.findIndex((t) => t.includes('recommendations'))).toBeLessThan(at);

  await page.getByRole('button', { name: 'Add block…' }).click();
  await page.getByRole('searchbox', { name: 'Search blocks' }).fill('divider');
  await page
    .getByRole('region', { name: 'Add a block' })
    .getByRole('button', { name: /Divider/ })
    .click();
  await expect(selectedRow(page)).toContainText('divider');
  await selectedRow(page).focus();
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
  const page = await studioAs(browser, server().studioBase, STAFF.editor, '#loan-details');
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
  const page = await studioAs(browser, server().studioBase, STAFF.editor, '#loan-details');
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
  const page = await studioAs(browser, server().studioBase, STAFF.editor, '#loan-details');
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

/** A real picture (a 1×1 PNG) as an ops person would upload it, and the address it gets. */
const BANNER = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e2a5a4b80000000049454e44ae426082',
  'hex',
);
const BANNER_URL = `/media/${createHash('sha256').update(BANNER).digest('hex')}.png`;

test('task 4: a banner image is added above the amounts on loan details, the picture uploaded through the panel; the phone shows it and the draft adds only that block', async ({
  browser,
}) => {
  const page = await studioAs(browser, server().studioBase, STAFF.editor, '#loan-details');
  // The amounts: the order's key-value rows, in the product card.
  await outline(page)
    .getByRole('treeitem', { name: /keyValue/ })
    .click();
  await page.getByRole('button', { name: 'Add block…' }).click();
  await page.getByRole('searchbox', { name: 'Search blocks' }).fill('picture');
  await page.getByRole('combobox', { name: 'Where' }).selectOption('before');
  await page
    .getByRole('region', { name: 'Add a block' })
    .getByRole('button', { name: /^Image/ })
    .click();
  await expect(selectedRow(page)).toContainText('image');
  // Just above the amounts, in the same card.
  const items = outline(page).getByRole('treeitem');
  const added = await items.evaluateAll((all) =>
    all.findIndex((e) => e.getAttribute('aria-selected') === 'true'),
  );
  expect((await items.allTextContents())[added + 1]).toContain('keyValue');

  const upload = async (name: string, mimeType: string, buffer: Buffer) => {
    const chooser = page.waitForEvent('filechooser');
    await properties(page).getByRole('button', { name: 'Upload picture…' }).click();
    await (await chooser).setFiles({ name, mimeType, buffer });
  };
  // An SVG is refused by the server (it can carry script), whatever the browser calls it: the
  // field says why and the document keeps its picture.
  const src = properties(page).getByRole('textbox', { name: 'Src', exact: true });
  const before = await src.inputValue();
  await upload('logo.svg', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  await expect(properties(page).getByRole('alert')).toHaveText(
    'logo.svg is not a PNG, JPEG, GIF or WebP picture',
  );
  await expect(src).toHaveValue(before);
  await upload('banner.png', 'image/png', BANNER);
  await expect(properties(page).getByText('Uploaded banner.png')).toBeVisible();
  await expect(src).toHaveValue(BANNER_URL);
  await expect(properties(page).getByRole('combobox', { name: 'Src: uploaded pictures' })).toHaveValue(
    BANNER_URL,
  );
  await properties(page).getByRole('textbox', { name: 'Alt', exact: true }).fill('Banner');

  // The phone loads the uploaded picture, above the amounts.
  const picture = phone(page).getByRole('img', { name: 'Banner' });
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveAttribute('src', BANNER_URL);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBe(1);
  await expect(page.locator('.cm-editor')).not.toHaveClass(/cm-focused/);
  const diff = await savedDiff(page, 'loan-details');
  // One added line: the new block, on one line as this document writes short objects.
  expect(diff).toEqual([`+ { "type": "image", "src": "${BANNER_URL}", "alt": "Banner" },`]);
  await page.context().close();
});

test('a bound field: the link text goes from a fixed value to a binding picked from a list (the configuration, the scenario’s replies); the phone shows what it reads', async ({
  browser,
}) => {
  const page = await studioAs(browser, server().studioBase, STAFF.editor, '#loan-details');
  await outline(page)
    .getByRole('treeitem', { name: /Click to view more products/ })
    .click();
  const modes = properties(page).getByRole('radiogroup', { name: 'Text: fixed or bound' });
  await expect(modes.getByRole('radio', { name: 'Fixed' })).toBeChecked();
  await modes.getByRole('radio', { name: 'Bound' }).check();
  const reads = properties(page).getByRole('combobox', { name: 'Text: reads' });
  // What the scenario's replies hold is offered, though the screen declares no such field.
  await expect(
    reads.locator(`optgroup[label="The scenario's replies"] option[value="data.order.noticeStatusText"]`),
  ).toHaveCount(1);
  await reads.selectOption('config.serviceEmail');
  await expect(reads).toHaveValue('config.serviceEmail');
  await expect(phone(page).getByText('support@pesoquick.example')).toBeVisible();
  expect(await savedDiff(page, 'loan-details')).toEqual([
    '− "text": "Click to view more products",',
    '+ "text": { "$": "config.serviceEmail" },',
  ]);
  await page.context().close();
});

test('drag and drop in the phone: the amounts dragged onto the upper half of the status banner move out of the product card to just above the banner, selected; Ctrl+Z takes it back', async ({
  browser,
}) => {
  // (a scenario without the popup the approved loan opens over the page)
  const { page, screen } = await loanDetails(browser);
  await page.getByRole('button', { name: 'Select in phone' }).click();
  const amounts = screen.locator('dl.blk-keyValue').first();
  const product = screen.getByRole('heading', { name: 'PesoQuick', level: 2 });
  const banner = screen.locator('.blk-hero').first();
  await expect(amounts).toBeVisible();
  await expect(product).toBeVisible();
  const above = () => isAbove(amounts, product);
  expect(await above()).toBe(false);

  // Pressed on the amounts, dragged to the upper half of the banner, let go there. (hover finds
  // the points through the phone's scaling; positions are the element's own pixels.)
  await amounts.hover();
  await page.mouse.down();
  await amounts.hover({ position: { x: 20, y: 4 } });
  await banner.hover({ position: { x: 20, y: 10 } });
  await expect(phone(page).locator('.studio-pick-drop')).toBeVisible();
  await page.mouse.up();

  await expect.poll(above).toBe(true);
  await expect(phone(page).locator('.studio-pick-drop')).toBeHidden();
  // The moved block is the selection, in the outline and the phone; the drop ran nothing.
  await expect(selectedRow(page)).toContainText('keyValue');
  await expect(phone(page).locator('.studio-pick-selected span')).toHaveText('keyValue');
  // A drop is one edit: Ctrl+Z (the outline has the focus) puts it back.
  await selectedRow(page).focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(above).toBe(false);
  await page.context().close();
});

test('drag and drop in the outline: the divider’s row dragged onto the upper half of the product row moves it above the row, in the outline and in the phone; the draft moves just those lines', async ({
  browser,
}) => {
  const { page } = await loanDetails(browser);
  const rows = outline(page).getByRole('treeitem');
  const names = async () => (await rows.allTextContents()).map((t) => t.replace(/^\W+/, '').trim());
  const divider = outline(page)
    .getByRole('treeitem', { name: /^divider/ })
    .first();
  const row = outline(page).getByRole('treeitem', { name: /^row/ }).first();
  await expect(divider).toBeVisible();
  const before = await names();
  expect(before.indexOf('divider')).toBeGreaterThan(before.indexOf('row'));
  const screen = phone(page).locator('main.screen[data-screen="loan-details"]');
  const line = screen.locator('hr, [role="separator"]').first();
  const product = screen.getByRole('heading', { name: 'PesoQuick', level: 2 });
  await expect(product).toBeVisible();
  const lineAbove = () => isAbove(line, product);
  expect(await lineAbove()).toBe(false);

  // HTML5 drag and drop, as Chromium's own drag (Playwright intercepts it and gives it to the page).
  await divider.dragTo(row, { targetPosition: { x: 30, y: 3 } });

  await expect.poll(async () => (await names()).indexOf('divider')).toBe(before.indexOf('row'));
  await expect.poll(lineAbove).toBe(true);
  const diff = await savedDiff(page, 'loan-details');
  // A move: the divider's lines leave one place and arrive at another, nothing else changes.
  const strip = (l: string) => l.slice(2).replace(/,$/, '');
  expect(
    diff
      .filter((l) => l.startsWith('+'))
      .map(strip)
      .sort(),
  ).toEqual(
    diff
      .filter((l) => l.startsWith('−'))
      .map(strip)
      .sort(),
  );
  expect(diff.join('\n')).toContain('"type": "divider"');
  await discardDraft(page, 'loan-details');
  await page.context().close();
});

test('drag and drop into a container in the phone: the divider let go on the padding of the buttons’ column lands inside it, last, marked as such; the draft moves just its lines', async ({
  browser,
}) => {
  const { page, screen } = await loanDetails(browser);
  await page.getByRole('button', { name: 'Select in phone' }).click();
  const divider = screen.locator('hr.blk-divider');
  const buttons = screen.locator('.blk-column.s-padding-sm', { hasText: 'REPAY' });
  const rollover = screen.getByRole('button', { name: 'Rollover Repayment' });
  await expect(divider).toBeVisible();
  await expect(rollover).toBeVisible();
  const below = () => isAbove(rollover, divider);
  expect(await below()).toBe(false);

  // Pressed on the divider, dragged onto the column's left padding (its own, not a button's), in its
  // lower half: "inside, last", a mark unlike the line between blocks.
  await divider.hover();
  await page.mouse.down();
  await divider.hover({ position: { x: 40, y: 0 } });
  const box = (await buttons.boundingBox())!;
  await buttons.hover({ position: { x: 3, y: Math.round(box.height * 0.7) } });
  const inside = phone(page).locator('.studio-pick-inside');
  await expect(inside).toBeVisible();
  await expect(inside.locator('b')).toHaveText('into column: last');
  await expect(phone(page).locator('.studio-pick-drop')).toBeHidden();
  if (process.env.STUDIO_SHOTS)
    await page
      .locator('.studio-phone')
      .screenshot({ path: `${process.env.STUDIO_SHOTS}/phone-drop-inside.png` });
  await page.mouse.up();

  await expect.poll(below).toBe(true);
  await expect(inside).toBeHidden();
  await expect(selectedRow(page)).toContainText('divider');
  // Its three lines leave the card and arrive after the rollover button, which gains a comma.
  expect(await savedDiff(page, 'loan-details')).toEqual([
    '− "type": "divider"',
    '− },',
    '− {',
    '+ },',
    '+ {',
    '+ "type": "divider"',
  ]);
  await discardDraft(page, 'loan-details');
  await page.context().close();
});

test('dragging a container by its chip in the phone: a click on the product’s name, the chip’s “row ›” selects the row around it, its handle drags the whole row below the status banner; the draft moves just its lines', async ({
  browser,
}) => {
  const { page, screen } = await loanDetails(browser);
  await page.getByRole('button', { name: 'Select in phone' }).click();
  const name = screen.getByRole('heading', { name: 'PesoQuick', level: 2 });
  const banner = screen.locator('.blk-hero').first();
  const card = screen.locator('section.blk-section').first();
  await name.click();
  const chip = phone(page).locator('.studio-pick-selected');
  await expect(chip.locator('span')).toHaveText('text');
  await expect(selectedRow(page)).toContainText('text');

  // The block around it, named on the chip: a click selects it.
  await chip.locator('i', { hasText: 'row ›' }).click();
  await expect(chip.locator('span')).toHaveText('row');
  await expect(selectedRow(page)).toContainText('row');
  if (process.env.STUDIO_SHOTS)
    await page
      .locator('.studio-phone')
      .screenshot({ path: `${process.env.STUDIO_SHOTS}/phone-drag-handle.png` });
  const rowAbove = () => isAbove(name, card);
  expect(await rowAbove()).toBe(false);

  // The chip's handle drags the row (a press on the row itself lands on its image or its text).
  // (positions are the phone's pixels as the studio shows it, scaled: fractions of its box)
  const height = (await banner.boundingBox())!.height;
  await chip.locator('span').hover();
  await page.mouse.down();
  await banner.hover({ position: { x: 40, y: Math.round(height * 0.6) } });
  await banner.hover({ position: { x: 40, y: Math.round(height * 0.93) } });
  await expect(phone(page).locator('.studio-pick-drop')).toBeVisible();
  if (process.env.STUDIO_SHOTS)
    await page
      .locator('.studio-phone')
      .screenshot({ path: `${process.env.STUDIO_SHOTS}/phone-drag-row.png` });
  await page.mouse.up();

  await expect.poll(rowAbove).toBe(true);
  await expect(selectedRow(page)).toContainText('row');
  // The row's lines, its image and text with it, leave the card and arrive after the banner, as
  // they were written (the diff's lines are shown without their indentation).
  const diff = await savedDiff(page, 'loan-details');
  const added = diff.filter((l) => l.startsWith('+')).map((l) => l.slice(2));
  const removed = diff.filter((l) => l.startsWith('−')).map((l) => l.slice(2));
  expect(added).toEqual(removed);
  expect(added.slice(0, 3)).toEqual(['"type": "row",', '"gap": "md",', '"children": [']);
  expect(added.filter((l) => l.startsWith('"type"'))).toEqual([
    '"type": "row",',
    '"type": "image",',
    '"type": "text",',
  ]);
  expect(added).toHaveLength(27);
  await discardDraft(page, 'loan-details');
  await page.context().close();
});

test('the keys of a drop inside and out: ← selects the card around the divider, Alt+← takes the divider out of the card (not the browser’s Back), Alt+→ puts it back in, last', async ({
  browser,
}) => {
  const { page, screen } = await loanDetails(browser);
  const divider = screen.locator('hr.blk-divider');
  const card = screen.locator('section.blk-section').first();
  const amounts = screen.locator('dl.blk-keyValue').first();
  await expect(divider).toBeVisible();
  const inCard = async () => {
    const [d, c] = [await divider.boundingBox(), await card.boundingBox()];
    return d && c ? d.y > c.y && d.y < c.y + c.height : null;
  };
  const address = page.url();
  const row = outline(page).getByRole('treeitem', { name: /^divider/ });
  await row.click();

  await page.keyboard.press('ArrowLeft');
  await expect(selectedRow(page)).toContainText('product-card');
  await row.click();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect.poll(inCard).toBe(false);
  await expect(selectedRow(page)).toContainText('divider');
  expect(page.url()).toBe(address);

  await page.keyboard.press('Alt+ArrowRight');
  await expect.poll(inCard).toBe(true);
  // Last in the card: below the amounts.
  expect((await divider.boundingBox())!.y).toBeGreaterThan((await amounts.boundingBox())!.y);
  await expect(selectedRow(page)).toContainText('divider');
  await page.context().close();
});

test('an empty container takes a drop in the phone: a section added from the palette, the product’s name dropped on its body lands in it', async ({
  browser,
}) => {
  const { page, screen } = await loanDetails(browser);
  await outline(page)
    .getByRole('treeitem', { name: /^divider/ })
    .click();
  await page.getByRole('button', { name: 'Add block…' }).click();
  await page.getByRole('searchbox', { name: 'Search blocks' }).fill('section');
  await page.keyboard.press('Enter');
  await expect(selectedRow(page)).toContainText('section Section');
  await page.getByRole('button', { name: 'Select in phone' }).click();
  // (the palette's section: a title and no children)
  const empty = screen.locator('section.blk-section', { hasText: /^Section$/ });
  await expect(empty).toBeVisible();

  const name = screen.getByRole('heading', { name: 'PesoQuick', level: 2 });
  await name.hover();
  await page.mouse.down();
  await name.hover({ position: { x: 5, y: 2 } });
  await empty.hover({ position: { x: 100, y: Math.round((await empty.boundingBox())!.height * 0.5) } });
  await expect(phone(page).locator('.studio-pick-inside b')).toHaveText('into section: last');
  await page.mouse.up();

  await expect(selectedRow(page)).toContainText('text');
  await expect(empty).toHaveCount(0);
  await expect(screen.locator('section.blk-section', { hasText: /^SectionPesoQuick$/ })).toBeVisible();
  // In the outline, one level under the section.
  const level = async (row: Locator) => Number(await row.getAttribute('aria-level'));
  const section = outline(page).getByRole('treeitem', { name: 'section Section' });
  expect(await level(selectedRow(page))).toBe((await level(section)) + 1);
  await page.context().close();
});
