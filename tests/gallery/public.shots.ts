// Gallery shots of the public face (issue 8): the two promotion landing templates and their
// states, the download and agreement templates, the official site's tabs, the legal pages and
// the developer preview.
import type { Page } from '@playwright/test';
import type { Shot } from './types';

const LANDING = '/promo/#/landing?app_from=gallery&user_from=fb&utm_tag=spring';

/** The current image-captcha answer, read from the development endpoint. */
async function captchaAnswer(page: Page): Promise<string> {
  const src = await page.locator('img[src*="get-captcha"]').getAttribute('src');
  const sid = new URL(src ?? '', 'http://x').searchParams.get('sid');
  const reply = (await (await page.request.get(new URL(`/dev/captcha?sid=${sid}`, page.url()).href)).json()) as { data: { text: string } };
  return reply.data.text;
}

async function landingReady(page: Page): Promise<void> {
  await page.locator('img[src*="get-captcha"]').waitFor();
}

async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

export const shots: Shot[] = [
  { name: 'public-landing-1', path: `${LANDING}&id=1`, setup: landingReady },
  {
    name: 'public-landing-1-counting',
    path: `${LANDING}&id=1`,
    setup: async (page) => {
      await landingReady(page);
      // A new number each run: the server refuses a second code within 60 s.
      await page.getByLabel('手机号').fill(`139${String(Date.now()).slice(-8)}`);
      await page.getByLabel('图形验证码', { exact: true }).fill(await captchaAnswer(page));
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByText('验证码已发送，请在手机上查看！').waitFor();
    },
  },
  {
    name: 'public-landing-1-phone-message',
    path: `${LANDING}&id=1`,
    setup: async (page) => {
      await landingReady(page);
      await page.getByRole('button', { name: 'Apply now' }).click();
      await page.getByText('请正确输入手机号！').waitFor();
    },
  },
  { name: 'public-landing-2', path: `${LANDING}&id=2`, fullPage: true, setup: landingReady },
  {
    name: 'public-landing-unknown',
    path: `${LANDING}&id=99`,
    setup: async (page) => {
      await page.getByText(/This promotion is not available/).waitFor();
    },
  },
  { name: 'public-download', path: '/promo/#/download?down_id=1&id=1', fullPage: true },
  { name: 'public-promo-agreement', path: '/promo/#/agreement?id=1', fullPage: true },
  { name: 'public-site-home', path: '/', fullPage: true },
  { name: 'public-site-about', path: '/', fullPage: true, setup: (page) => tab(page, 'About us') },
  {
    name: 'public-site-contact',
    path: '/',
    fullPage: true,
    setup: async (page) => {
      await tab(page, 'Contact us');
      await page.getByLabel('Name').fill('Juan dela Cruz');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Please provide complete information!').waitFor();
    },
  },
  {
    name: 'public-site-privacy',
    path: '/',
    setup: async (page) => {
      // The configured policy address is the lender's real site; the gallery shows our own page.
      await page.route('https://pesoquick.example/**', (route) =>
        route.fulfill({ status: 302, headers: { location: new URL('/privacy', page.url()).href } }),
      );
      await tab(page, 'Privacy Policy');
      await page.frameLocator('iframe').getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    },
  },
  {
    name: 'public-site-loan-terms',
    path: '/',
    setup: async (page) => {
      await tab(page, 'Loan terms and conditions');
      await page.frameLocator('iframe').getByRole('heading', { name: 'Loan terms and conditions' }).waitFor();
    },
  },
  { name: 'public-about', path: '/about', fullPage: true },
  { name: 'public-privacy', path: '/privacy', fullPage: true },
  { name: 'public-loan-terms', path: '/agreement', fullPage: true },
  { name: 'public-preview', path: '/testPreview', fullPage: true },
  {
    name: 'public-preview-photo',
    path: '/testPreview',
    setup: async (page) => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8DwnwEIGBkYGBgYGAAkCAL+0ZcwSQAAAABJRU5ErkJggg==',
        'base64',
      );
      await page.getByLabel('Photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('img', { name: 'Photo 1' }).waitFor();
      await page.getByRole('img', { name: 'Photo 1' }).scrollIntoViewIfNeeded();
    },
  },
];
