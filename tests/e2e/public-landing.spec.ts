// The promotion registration landing page (spec §2.1, §4, §5, §7.3, §8; rulings 2, 5, 15;
// checklist S2.1, D-04, D-16..D-23): two templates chosen by id through the manifest, against the
// reference server. SMS codes come from /dev/sms-code, captcha answers from /dev/captcha.
import { test, expect, toasts } from './support';
import {
  LANDING_QUERY,
  bodyOf,
  captchaAnswer,
  captchaImage,
  captchaSrc,
  fields,
  freshPhone,
  isCall,
  openLanding,
  queryOf,
  recordCalls,
  sendCode,
  smsCode,
} from './public-helpers';

test.describe('promotion landing: opening (S2.1-01..06, S2.1-27)', () => {
  test('S2.1-02/03/04/05: template, visit tracking and sid on open; the captcha image of the sid', async ({
    page,
  }) => {
    const visit = page.waitForRequest(isCall('promotion/track-visit'));
    const template = page.waitForRequest(isCall('service/channel/channel-template'));
    await openLanding(page, 1);
    expect(queryOf(await template)).toMatchObject({ templateId: '1' });
    // Chromium on Linux is not an Apple device: client_type android (P-20).
    expect(queryOf(await visit)).toMatchObject({
      page_id: '1',
      user_from: 'fb',
      client_type: 'android',
      page_type: '1',
      utm_tag: 'spring',
      app_from: 'e2e-app',
    });
    // The landing configuration from the server is shown (S2.1-06).
    await expect(page.getByText('Borrow up to ₱20000.00')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply now' })).toBeVisible();
    // D-20: {api base}promotion/get-captcha?sid={sid}&a={timestamp}
    const src = await captchaSrc(page);
    expect(src.pathname).toBe('/api/v2/youmi/promotion/get-captcha');
    expect(src.searchParams.get('sid')).toMatch(/^[A-Z0-9]{8,}$/);
    expect(Number(src.searchParams.get('a'))).toBeGreaterThan(1_600_000_000_000);
    await expect(captchaImage(page)).toHaveJSProperty('complete', true);
    expect(await captchaImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('S2.1-01/ruling 15: the id picks the template; the two templates differ', async ({ page }) => {
    await openLanding(page, 2);
    await expect(page.getByText('Your first loan interest free')).toBeVisible();
    await expect(page.getByText('How it works')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get cash' })).toBeVisible();
    await expect(page.locator('main[data-screen]')).toHaveAttribute('data-screen', 'promo-landing-bold');
  });

  test('ruling 15: an unknown template id shows a clear not-found page and calls nothing', async ({
    page,
  }) => {
    const calls = recordCalls(page);
    await page.goto(`/promo/#/landing?id=99&${LANDING_QUERY}`);
    await expect(page.getByText(/This promotion is not available/)).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('S2.1-02/§8: a template reply other than 00 toasts the server message', async ({ page }) => {
    // A template retired on the server while the manifest still lists it.
    await page.route('**/service/channel/channel-template*', (route) =>
      route.fulfill({ json: { code: '01', message: '活动已结束', data: null } }),
    );
    await page.goto(`/promo/#/landing?id=1&${LANDING_QUERY}`);
    await expect(toasts(page)).toHaveText('活动已结束');
  });
});

test.describe('promotion landing: validation (S2.1-07..10, §5, D-16, D-17)', () => {
  test('apply checks phone, then captcha, then SMS code, and sends nothing on a failure', async ({
    page,
  }) => {
    await openLanding(page, 1);
    const calls = recordCalls(page);
    const f = fields(page);
    await f.apply.click();
    await expect(toasts(page)).toHaveText('请正确输入手机号！');
    await f.phone.fill('12345678901');
    await f.apply.click();
    await expect(toasts(page)).toHaveText('请正确输入手机号！');
    await f.phone.fill('13912345678');
    await f.apply.click();
    await expect(toasts(page)).toHaveText('请正确输入图形验证码！');
    await f.captcha.fill('ab12');
    await f.apply.click();
    await expect(toasts(page)).toHaveText('请正确输入短信验证码！');
    expect(calls).toEqual([]);
  });

  test('send code checks phone, then captcha', async ({ page }) => {
    await openLanding(page, 1);
    const calls = recordCalls(page);
    const f = fields(page);
    await f.send.click();
    await expect(toasts(page)).toHaveText('请正确输入手机号！');
    await f.phone.fill('13912345678');
    await f.send.click();
    await expect(toasts(page)).toHaveText('请正确输入图形验证码！');
    expect(calls).toEqual([]);
    await expect(f.send).toHaveText('获取验证码');
  });

  test('S2.1-07/08/09: the fields are capped at 11, 4 and 6 characters', async ({ page }) => {
    await openLanding(page, 1);
    const f = fields(page);
    await f.phone.fill('139123456789999');
    await expect(f.phone).toHaveValue('13912345678');
    await f.captcha.fill('ABCDEFG');
    await expect(f.captcha).toHaveValue('ABCD');
    await f.sms.fill('12345678');
    await expect(f.sms).toHaveValue('123456');
  });

  test('S2.1-10: refreshing the captcha needs a phone; with one it loads a new image', async ({ page }) => {
    await openLanding(page, 1);
    const before = (await captchaSrc(page)).href;
    await captchaImage(page).click();
    await expect(toasts(page)).toHaveText('请正确输入手机号！');
    expect((await captchaSrc(page)).href).toBe(before);
    await fields(page).phone.fill('13912345678');
    const reload = page.waitForRequest(isCall('promotion/get-captcha'));
    await captchaImage(page).click();
    const next = await captchaSrc(page);
    expect(next.href).not.toBe(before);
    expect(next.searchParams.get('sid')).toBe(new URL(before).searchParams.get('sid'));
    expect(queryOf(await reload).a).toBe(next.searchParams.get('a'));
  });

  test('ruling 5/D-04: template 2 carries the Philippine rule ^09\\d{9}$ and its own message', async ({
    page,
  }) => {
    await openLanding(page, 2);
    const f = fields(page, 2);
    await f.phone.fill('13912345678');
    await f.apply.click();
    await expect(toasts(page)).toHaveText('Please enter a valid mobile number (09XXXXXXXXX)');
    await f.phone.fill('09171234567');
    await f.apply.click();
    await expect(toasts(page)).toHaveText('请正确输入图形验证码！');
  });
});

test.describe('promotion landing: registration (S2.1-12..26, §8)', () => {
  test('happy path: send code, register with the SMS code, then the download page', async ({ page }) => {
    await openLanding(page, 1, 'invite_code=INV7');
    const f = fields(page);
    const phone = freshPhone();
    const sid = (await captchaSrc(page)).searchParams.get('sid');
    const answer = await captchaAnswer(page);
    await f.phone.fill(phone);
    await f.captcha.fill(answer);
    const sms = page.waitForRequest(isCall('promotion/get-sms'));
    await f.send.click();
    // S2.1-12: the send-code payload (deviceId = sid, D-23; appName the app code).
    const smsRequest = await sms;
    expect(smsRequest.method()).toBe('POST');
    expect(bodyOf(smsRequest)).toMatchObject({
      phone,
      capcode: answer,
      sid,
      deviceId: sid,
      appName: 'pesoquick',
      app_from: 'e2e-app',
      user_from: 'fb',
      utm_tag: 'spring',
    });
    // S2.1-13/14: the toast, and the countdown from 60 s.
    await expect(toasts(page)).toHaveText('验证码已发送，请在手机上查看！');
    await expect(f.send).toHaveText(/^(60|59)s$/);
    await expect(f.send).toHaveAttribute('aria-disabled', 'true');

    await f.sms.fill(await smsCode(page, phone));
    const click = page.waitForRequest(isCall('promotion/track-click'));
    const register = page.waitForRequest(isCall('promotion/register'));
    await f.apply.click();
    // S2.1-18/D-16: track-click on apply, before register, with the phone.
    expect(queryOf(await click)).toMatchObject({
      page_id: '1',
      user_from: 'fb',
      client_type: 'android',
      page_type: '1',
      utm_tag: 'spring',
      app_from: 'e2e-app',
      phone,
    });
    // S2.1-19: the registration payload.
    const body = bodyOf(await register);
    expect(body).toMatchObject({
      phone,
      capcode: answer,
      sid,
      deviceId: sid,
      appName: 'pesoquick',
      merchantNumber: 0,
      userName: phone,
      invite_code: 'INV7',
      user_from: 'fb',
      id: '1',
      app_from: 'e2e-app',
      utm_tag: 'spring',
    });
    expect(String(body.smsCode)).toMatch(/^\d{6}$/);
    // S2.1-20/26: '注册成功', then the download template (down_id from the template, D-21).
    await expect(toasts(page)).toHaveText('注册成功');
    await expect(page.getByRole('heading', { name: 'Download PesoQuick' })).toBeVisible();
    const hash = new URL(page.url()).hash;
    expect(hash.startsWith('#/download?')).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(hash.split('?')[1]))).toMatchObject({
      down_id: '1',
      id: '1',
      app_from: 'e2e-app',
      user_from: 'fb',
      utm_tag: 'spring',
    });
  });

  test('template 2 registers a Philippine number end to end', async ({ page }) => {
    await openLanding(page, 2);
    const f = fields(page, 2);
    const phone = freshPhone('09');
    await sendCode(page, phone, 2);
    await f.sms.fill(await smsCode(page, phone));
    await f.apply.click();
    await expect(toasts(page)).toHaveText('注册成功');
    await expect(page).toHaveURL(/#\/download\?down_id=2&/);
  });

  test('S2.1-15: a wrong captcha on send code (101) refreshes the captcha and shows the message', async ({
    page,
  }) => {
    await openLanding(page, 1);
    const f = fields(page);
    const before = (await captchaSrc(page)).searchParams.get('a');
    await f.phone.fill(freshPhone());
    await f.captcha.fill('zzzz');
    const reply = page.waitForResponse(isCall('promotion/get-sms'));
    await f.send.click();
    expect(((await (await reply).json()) as { code: number }).code).toBe(101);
    await expect(toasts(page)).toHaveText('图形验证码错误，请重新输入！');
    await expect.poll(async () => (await captchaSrc(page)).searchParams.get('a')).not.toBe(before);
    await expect(f.captcha).toHaveValue('');
    await expect(f.send).toHaveText('获取验证码');
  });

  test('S2.1-22: a wrong captcha on register (-1) refreshes the captcha and shows the message', async ({
    page,
  }) => {
    await openLanding(page, 1);
    const f = fields(page);
    const phone = freshPhone();
    await sendCode(page, phone);
    await f.sms.fill(await smsCode(page, phone));
    await f.captcha.fill('zzzz');
    const before = (await captchaSrc(page)).searchParams.get('a');
    const reply = page.waitForResponse(isCall('promotion/register'));
    await f.apply.click();
    expect(((await (await reply).json()) as { code: number }).code).toBe(-1);
    await expect(toasts(page)).toHaveText('图形验证码错误，请重新输入！');
    await expect.poll(async () => (await captchaSrc(page)).searchParams.get('a')).not.toBe(before);
    await expect(f.captcha).toHaveValue('');
    expect(page.url()).toContain('#/landing');
  });

  test('S2.1-16: an already registered phone on send code (11) goes to the download page', async ({
    page,
  }) => {
    await openLanding(page, 1);
    const f = fields(page);
    await f.phone.fill('13800138000');
    await f.captcha.fill(await captchaAnswer(page));
    await f.send.click();
    await expect(toasts(page)).toHaveText('您已注册,请直接下载APP登录！');
    await expect(page).toHaveURL(/#\/download\?down_id=1&/);
    await expect(page.getByRole('heading', { name: 'Download PesoQuick' })).toBeVisible();
  });

  test('S2.1-21: an already registered phone on register (11) goes to the download page', async ({
    page,
  }) => {
    await openLanding(page, 1);
    const f = fields(page);
    await f.phone.fill('13800138000');
    await f.captcha.fill(await captchaAnswer(page));
    await f.sms.fill('123456');
    const reply = page.waitForResponse(isCall('promotion/register'));
    await f.apply.click();
    expect(((await (await reply).json()) as { code: number }).code).toBe(11);
    await expect(toasts(page)).toHaveText('您已注册,请直接下载APP登录！');
    await expect(page).toHaveURL(/#\/download\?down_id=1&/);
  });

  test('S2.1-23: any other register code toasts the server message (a wrong SMS code)', async ({ page }) => {
    await openLanding(page, 1);
    const f = fields(page);
    const phone = freshPhone();
    await sendCode(page, phone);
    const right = await smsCode(page, phone);
    await f.sms.fill(right === '000000' ? '111111' : '000000');
    await f.apply.click();
    await expect(toasts(page)).toHaveText('请正确输入短信验证码！');
    expect(page.url()).toContain('#/landing');
  });

  test('S2.1-14: resending during the countdown is refused on the page, nothing is sent', async ({
    page,
  }) => {
    await openLanding(page, 1);
    const f = fields(page);
    await sendCode(page, freshPhone());
    const calls = recordCalls(page);
    // Counting, the button is aria-disabled (Playwright would wait); a finger still taps it.
    await f.send.click({ force: true });
    await expect(toasts(page)).toHaveText('请勿重复发送验证码!');
    await f.send.click({ force: true });
    expect(calls).toEqual([]);
  });

  test('S2.1-14: the countdown ticks each second, reaches 0 and resets to idle', async ({ page }) => {
    await page.clock.install();
    await openLanding(page, 1);
    const f = fields(page);
    await sendCode(page, freshPhone());
    await page.clock.runFor(1000);
    await expect(f.send).toHaveText('59s');
    await page.clock.runFor(58_000);
    await expect(f.send).toHaveText('1s');
    await expect(f.send).toHaveAttribute('aria-disabled', 'true');
    await page.clock.runFor(1000);
    await expect(f.send).toHaveText('获取验证码');
    await expect(f.send).not.toHaveAttribute('aria-disabled', 'true');
    // Idle again: a tap sends a request instead of the lock message.
    await f.captcha.fill(await captchaAnswer(page));
    const again = page.waitForRequest(isCall('promotion/get-sms'));
    await f.send.click();
    await again;
  });

  test('S2.1-24/ruling 2: a network failure on send code or register toasts error; the page stays usable', async ({
    page,
  }) => {
    await openLanding(page, 1);
    const f = fields(page);
    const phone = freshPhone();
    await page.route('**/promotion/get-sms?*', (route) => route.abort('internetdisconnected'));
    await f.phone.fill(phone);
    await f.captcha.fill(await captchaAnswer(page));
    await f.send.click();
    await expect(toasts(page)).toHaveText('error');
    await expect(f.send).toHaveText('获取验证码');

    await page.unroute('**/promotion/get-sms?*');
    await f.send.click();
    await expect(f.send).toHaveText(/^(60|59)s$/);
    await f.sms.fill(await smsCode(page, phone));
    await page.route('**/promotion/register?*', (route) => route.abort('internetdisconnected'));
    await f.apply.click();
    await expect(toasts(page)).toHaveText('error');
    expect(page.url()).toContain('#/landing');
    // The apply button works again once the network is back.
    await page.unroute('**/promotion/register?*');
    await f.apply.click();
    await expect(toasts(page)).toHaveText('注册成功');
  });

  test('S2.1-25: the agreement link opens the agreement template with the landing parameters', async ({
    page,
  }) => {
    await openLanding(page, 1);
    await page.getByRole('button', { name: '《用户注册协议》' }).click();
    await expect(page.getByRole('heading', { name: 'User Registration Agreement' })).toBeVisible();
    const hash = new URL(page.url()).hash;
    expect(Object.fromEntries(new URLSearchParams(hash.split('?')[1]))).toMatchObject({
      id: '1',
      links_id: 'L9',
      app_from: 'e2e-app',
    });
    await expect(page.getByText('PesoQuick Lending Corporation', { exact: false }).first()).toBeVisible();
  });
});
