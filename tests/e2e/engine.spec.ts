// The engine end to end: a screen document from the real server, driven in Chromium
// (tap, form input, toast, modal, countdown), under the production CSP.
import { test, expect, cspViolations, toasts } from './support';

const DEMO = '/demo?orderId=ORD-174-D&productId=P-1';

test('renders server data into a screen document', async ({ page, watch }) => {
  await page.goto(DEMO);
  await expect(page.getByRole('heading', { name: 'Screen engine demo' })).toBeVisible();
  await expect(page.getByText(/^Order status: .+/)).toBeVisible();
  await expect(page.getByText(/^Service e-mail: .+@.+/)).toBeVisible();
  await expect(page).toHaveTitle('Screen engine demo');
  expect(watch.pageErrors).toEqual([]);
});

test('form input is masked and validated, with toasts', async ({ page }) => {
  await page.goto(DEMO);
  const phone = page.getByLabel('Phone');
  await phone.pressSequentially('09a17-123 4567x9');
  await expect(phone).toHaveValue('091 7123 4567');
  await page.getByRole('button', { name: 'Check phone' }).click();
  await expect(toasts(page).filter({ hasText: 'Phone 09171234567 looks right' })).toBeVisible();

  await phone.fill('');
  await phone.pressSequentially('12345');
  await page.getByRole('button', { name: 'Check phone' }).click();
  await expect(toasts(page).filter({ hasText: 'Enter a phone like 0917 123 4567' })).toBeVisible();
});

test('a modal opens and closes', async ({ page }) => {
  await page.goto(DEMO);
  await page.getByRole('button', { name: 'Open a popup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hello' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('This popup is a screen-document modal.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a countdown button counts down, locks, and resets', async ({ page }) => {
  await page.clock.install();
  await page.goto(DEMO);
  const button = page.getByRole('button', { name: /countdown|\d+s/ });
  await button.click();
  await expect(button).toHaveText('5s');
  await page.clock.runFor(2000);
  await expect(button).toHaveText('3s');
  await button.click({ force: true });
  await expect(toasts(page).filter({ hasText: 'Please wait' })).toBeVisible();
  await page.clock.runFor(3500);
  await expect(button).toHaveText('Start a 5 s countdown');
});

test('the production build runs under script-src self with no CSP violation', async ({
  page,
  request,
  watch,
}) => {
  const head = await request.get('/demo', { headers: { accept: 'text/html' } });
  const csp = head.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

  await page.goto(DEMO);
  await page.getByLabel('Phone').pressSequentially('09171234567');
  await page.getByRole('button', { name: 'Check phone' }).click();
  await page.getByRole('button', { name: 'Open a popup' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);
  expect(watch.cspViolations).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
});
