// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE, backends, get, post, postForm, startServer, type TestServer } from './helpers.js';

const BASE = '/api/v2/youmi';

describe.each(backends)('promotion registration (promo family) on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  /** A session with a drawn captcha; the answer comes from the dev endpoint. */
  async function session() {
    const sid = (await get(s.app, `${BASE}/promotion/get-sid`)).body.data.sid as string;
    const img = await s.app.inject({
      method: 'GET',
      url: `${BASE}/promotion/get-captcha?sid=${sid}&a=${Date.now()}`,
    });
    expect(img.statusCode).toBe(200);
    const captcha = (await get(s.app, `/dev/captcha?sid=${sid}`)).body.data.text as string;
    return { sid, captcha, svg: img.body, headers: img.headers };
  }

  const sendSms = (fields: Record<string, string>) =>
    post(s.app, `${BASE}/promotion/get-sms`, { appName: 'pesoquick', ...fields });
  const register = (fields: Record<string, string>) =>
    post(s.app, `${BASE}/promotion/register`, {
      appName: 'pesoquick',
      merchantNumber: '0',
      id: '1',
      ...fields,
    });
  const smsCodeOf = async (phone: string) =>
    (await get(s.app, `/dev/sms-code?phone=${phone}`)).body.data.smsCode as string;

  it('serves the landing templates 1 and 2 with code 00 and 404s others', async () => {
    const one = await get(s.app, `${BASE}/service/channel/channel-template?templateId=1`);
    expect(one.body).toMatchObject({
      code: '00',
      data: { id: 1, config: { phoneRule: { pattern: '^1[3-9]\\d{9}$' } } },
    });
    const two = await get(s.app, `${BASE}/service/channel/channel-template?templateId=2`);
    expect(two.body.data.config.phoneRule.pattern).toBe('^09\\d{9}$');
    expect((await get(s.app, `${BASE}/service/channel/channel-template?templateId=7`)).status).toBe(404);
    expect((await get(s.app, `${BASE}/service/channel/channel-template`)).body).toEqual({
      code: '400',
      message: 'templateId is required',
      data: null,
    });
  });

  it("get-sid answers code '0' and a captcha that is a safe SVG", async () => {
    const { sid, captcha, svg, headers } = await session();
    expect(sid).toMatch(/^[A-Z2-9]{20}$/);
    expect(captcha).toMatch(/^[2-9A-Z]{4}$/);
    expect(headers['content-type']).toContain('image/svg+xml');
    expect(headers['cache-control']).toBe('no-store');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|on\w+=|href|<text|<foreignObject/i);
    expect(svg).not.toContain(captcha);
    expect((await get(s.app, `${BASE}/promotion/get-sid`)).body.code).toBe('0');
    expect(
      (await s.app.inject({ method: 'GET', url: `${BASE}/promotion/get-captcha?sid=unknown` })).statusCode,
    ).toBe(404);
  });

  it('tracks visits and clicks (reply ignored by the page)', async () => {
    const visit = await get(
      s.app,
      `${BASE}/promotion/track-visit?page_id=1&user_from=fb&client_type=ios&page_type=1&utm_tag=x&app_from=y`,
    );
    expect(visit.body.code).toBe(0);
    expect((await get(s.app, `${BASE}/promotion/track-click?page_id=1&phone=13900000000`)).body.code).toBe(0);
  });

  it('get-sms: 0 sends, a resend within 60 s is blocked, after 60 s it is allowed', async () => {
    const { sid, captcha } = await session();
    const phone = '13911112222';
    expect((await sendSms({ phone, capcode: captcha.toLowerCase(), sid, deviceId: sid })).body).toEqual({
      code: 0,
      message: '验证码已发送，请在手机上查看！',
      data: {},
    });
    expect(await smsCodeOf(phone)).toMatch(/^\d{6}$/);
    expect((await sendSms({ phone, capcode: captcha, sid })).body).toEqual({
      code: 12,
      message: '请勿重复发送验证码!',
      data: null,
    });
    await s.app.db
      .updateTable('sms_codes')
      .set({ sent_at: new Date(Date.now() - 61_000).toISOString() })
      .where('phone', '=', phone)
      .execute();
    expect((await sendSms({ phone, capcode: captcha, sid })).body.code).toBe(0);
  });

  it('get-sms: 101 on a wrong captcha, 102 on a bad phone, 11 when registered', async () => {
    const { sid, captcha } = await session();
    expect((await sendSms({ phone: '13911113333', capcode: 'ZZZZ0', sid })).body).toMatchObject({
      code: 101,
    });
    expect((await sendSms({ phone: '12345', capcode: captcha, sid })).body).toEqual({
      code: 102,
      message: '请正确输入手机号！',
      data: null,
    });
    expect((await sendSms({ phone: '13800138000', capcode: captcha, sid })).body).toEqual({
      code: 11,
      message: '您已注册,请直接下载APP登录！',
      data: null,
    });
    // The Philippine rule is accepted too (D-04).
    expect((await sendSms({ phone: '09181234567', capcode: captcha, sid })).body.code).toBe(0);
  });

  it('get-sms: five wrong captcha answers burn the image', async () => {
    const { sid, captcha } = await session();
    for (let i = 0; i < 5; i++)
      expect((await sendSms({ phone: '13911114444', capcode: 'XXXX', sid })).body.code).toBe(101);
    expect((await sendSms({ phone: '13911114444', capcode: captcha, sid })).body.code).toBe(101);
  });

  it('get-sms: 400 in the envelope for missing fields, form bodies accepted', async () => {
    expect(await post(s.app, `${BASE}/promotion/get-sms`, { phone: '13911115555', sid: 'x' })).toEqual({
      status: 400,
      body: { code: '400', message: 'capcode is required', data: null },
    });
    const { sid, captcha } = await session();
    expect(
      (await postForm(s.app, `${BASE}/promotion/get-sms`, { phone: '13911116666', capcode: captcha, sid }))
        .body.code,
    ).toBe(0);
  });

  it('register: -1 wrong captcha, 13/14 bad SMS code, 0 success, then 11', async () => {
    const { sid, captcha } = await session();
    const phone = '13922223333';
    await sendSms({ phone, capcode: captcha, sid });
    const code = await smsCodeOf(phone);
    const base = {
      phone,
      userName: phone,
      sid,
      deviceId: sid,
      capcode: captcha,
      smsCode: code,
      invite_code: '',
      user_from: 'fb',
      app_from: 'h5',
      utm_tag: 't',
    };
    expect((await register({ ...base, capcode: 'NOPE' })).body).toEqual({
      code: -1,
      message: '图形验证码错误，请重新输入！',
      data: null,
    });
    expect((await register({ ...base, smsCode: code === '000000' ? '111111' : '000000' })).body).toEqual({
      code: 14,
      message: '请正确输入短信验证码！',
      data: null,
    });
    expect((await register(base)).body).toEqual({ code: 0, message: '注册成功', data: {} });
    const row = await s.app.db
      .selectFrom('registrations')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_from: 'fb',
      app_from: 'h5',
      utm_tag: 't',
      template_id: '1',
      app_name: 'pesoquick',
    });
    const again = await session();
    expect((await register({ ...base, sid: again.sid, capcode: again.captcha })).body.code).toBe(11);
  });

  it('register: an expired SMS code is refused with its own message', async () => {
    const { sid, captcha } = await session();
    const phone = '09170001111';
    await sendSms({ phone, capcode: captcha, sid });
    const code = await smsCodeOf(phone);
    await s.app.db
      .updateTable('sms_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('phone', '=', phone)
      .execute();
    expect((await register({ phone, sid, capcode: captcha, smsCode: code })).body).toMatchObject({
      code: 13,
    });
  });

  it('stores hostile tracking strings as plain data', async () => {
    const { sid, captcha } = await session();
    const phone = '13955556666';
    await sendSms({ phone, capcode: captcha, sid });
    const hostile = {
      user_from: HOSTILE[0] as string,
      utm_tag: HOSTILE[3] as string,
      app_from: HOSTILE[2] as string,
    };
    const res = await register({ phone, sid, capcode: captcha, smsCode: await smsCodeOf(phone), ...hostile });
    expect(res.body.code).toBe(0);
    const row = await s.app.db
      .selectFrom('registrations')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject(hostile);
    expect((await s.app.db.selectFrom('registrations').select('id').execute()).length).toBeGreaterThan(2);
  });

  it('register: 400 when smsCode is missing', async () => {
    expect((await register({ phone: '13933334444', sid: 'x', capcode: 'ABCD' })).body).toEqual({
      code: '400',
      message: 'smsCode is required',
      data: null,
    });
  });
});

describe('dev endpoints are off without the dev flag', () => {
  it('answers 404', async () => {
    const s = await startServer('sqlite', { dev: false });
    try {
      expect((await s.app.inject({ method: 'GET', url: '/dev/sms-code?phone=13800138000' })).statusCode).toBe(
        404,
      );
      expect(
        (await s.app.inject({ method: 'GET', url: '/dev/verify-code?orderId=ORD-174' })).statusCode,
      ).toBe(404);
    } finally {
      await s.close();
    }
  });
});
