// Helpers of the public-face end-to-end tests (issue 8): the promotion landing page and the
// server's development endpoints that stand in for the SMS gateway and the captcha reader.
import { expect, type Page, type Request } from '@playwright/test';

export const LANDING_QUERY = 'app_from=e2e-app&user_from=fb&utm_tag=spring&links_id=L9';

let seq = 0;
/** A mobile number no other test has used (the demo database keeps registrations). */
export function freshPhone(prefix = '139'): string {
  seq += 1;
  const digits = `${Date.now()}${String(seq).padStart(3, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return prefix + digits.slice(-(11 - prefix.length));
}

export async function openLanding(page: Page, id: string | number = 1, extra = ''): Promise<void> {
  await page.goto(`/promo/#/landing?id=${id}&${LANDING_QUERY}${extra ? `&${extra}` : ''}`);
  await captchaImage(page).waitFor();
}

export const captchaImage = (page: Page) => page.locator('img[src*="promotion/get-captcha"]');

export async function captchaSrc(page: Page): Promise<URL> {
  return new URL((await captchaImage(page).getAttribute('src')) ?? '', 'http://x');
}

/** The current image-captcha answer of the page's sid (GET /dev/captcha). */
export async function captchaAnswer(page: Page): Promise<string> {
  const sid = (await captchaSrc(page)).searchParams.get('sid');
  const reply = await page.request.get(`/dev/captcha?sid=${sid}`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { text: string } }).data.text;
}

/** The last SMS code sent to a phone (GET /dev/sms-code). */
export async function smsCode(page: Page, phone: string): Promise<string> {
  const reply = await page.request.get(`/dev/sms-code?phone=${phone}`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { smsCode: string } }).data.smsCode;
}

/** The fields of template 1 (Chinese labels) or template 2 (English labels). */
export function fields(page: Page, template: 1 | 2 = 1) {
  const zh = template === 1;
  return {
    phone: page.getByLabel(zh ? '手机号' : 'Mobile number'),
    captcha: page.getByLabel(zh ? '图形验证码' : 'Picture code', { exact: true }),
    sms: page.getByLabel(zh ? '短信验证码' : 'SMS code', { exact: true }),
    send: page.locator('.blk-countdownButton'),
    apply: page.getByRole('button', { name: zh ? 'Apply now' : 'Get cash' }),
  };
}

export const isCall = (name: string) => (r: { url(): string }) => r.url().includes(`/api/v2/youmi/${name}`);

export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url()).searchParams);
}

export function bodyOf(request: Request): Record<string, unknown> {
  return JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
}

/** Every registration call the page makes, in order. */
export function recordCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/v2\/youmi\/(?:promotion\/|service\/channel\/)([a-z-]+)/.exec(request.url());
    if (match) seen.push(match[1]!);
  });
  return seen;
}

/** Fills phone and the right captcha, taps send and waits for the code to be sent. */
export async function sendCode(page: Page, phone: string, template: 1 | 2 = 1): Promise<void> {
  const f = fields(page, template);
  await f.phone.fill(phone);
  await f.captcha.fill(await captchaAnswer(page));
  await f.send.click();
  await expect(f.send).toHaveText('60s');
}
