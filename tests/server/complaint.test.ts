// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_REFUSED } from '../../src/server/demo/complaints.js';
import {
  HOSTILE,
  JPEG_HEAD,
  PNG_1PX,
  backends,
  multipart,
  postForm,
  startServer,
  upload,
  type TestServer,
} from './helpers.js';

describe.each(backends)('complaints (complaint family, code 00) on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  const save = (fields: Record<string, string | number>, session = 'c-user') =>
    postForm(s.app, `/nepenthes/problem-save?sessionId=${session}`, fields);

  it('problem-init gives types, sub-types, the current order and the order list', async () => {
    const { body } = await postForm(s.app, '/nepenthes/problem-init?sessionId=c-user', {
      orderId: 'ORD-200',
    });
    expect(body.code).toBe('00');
    expect(body.data.problemType.map((t: { value: number }) => t.value)).toEqual([1, 2, 3, 4]);
    expect(body.data.problemSonType.length).toBe(3);
    expect(body.data.orderDetail).toMatchObject({
      orderNo: 'ORD-200',
      productName: 'PesoQuick',
      status: 'Settled',
      isShow: 1,
      allowCollection: 0,
    });
    expect(body.data.orderDetail.list[0]).toEqual({ title: 'Loan amount', value: '₱5000.00' });
    expect(body.data.orderList.length).toBe(9);
  });

  it('problem-init works with no body (the form page sends none)', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/nepenthes/problem-init?sessionId=c-user' });
    expect(res.json().data.orderDetail.orderNo).toBe('ORD-21');
  });

  it('uploads an image, saves a complaint with it, and shows it in list and detail', async () => {
    const up = await upload(s.app);
    expect(up).toMatchObject({ status: 200, body: { code: '00', message: 'Upload succeeded!' } });
    const url = up.body.data.url as string;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const img = await s.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_1PX)).toBe(true);

    const saved = await save({
      problemType: 1,
      problemSonType: 2,
      problemDetail: 'They called my mother',
      problemImage: url,
      orderNo: 'ORD-174',
    });
    expect(saved.body).toMatchObject({ code: '00', data: { problemId: expect.any(Number) } });
    const problemId = saved.body.data.problemId as number;

    const list = await postForm(s.app, '/nepenthes/problem-list?sessionId=c-user');
    const all = list.body.data.tabs[0];
    expect(all.title).toBe('All');
    expect(all.list[0]).toEqual({
      id: problemId,
      time: expect.any(Number),
      type: 'Collection complaint',
      content: 'They called my mother',
    });
    expect(list.body.data.tabs[1].list.map((i: { id: number }) => i.id)).toContain(problemId);
    expect(list.body.data.tabs[2].list).toEqual([]);

    const detail = await postForm(s.app, '/nepenthes/problem-detail?sessionId=c-user', { problemId });
    expect(detail.body.data).toMatchObject({
      problemId,
      type: 'Collection complaint',
      sonType: 'Contacting my family or friends',
      content: 'They called my mother',
      images: [url],
      disposeDetail: '',
      disposeImages: [],
      isNeedScore: 1,
    });
    // Complaints are private to their borrower.
    expect(
      (await postForm(s.app, '/nepenthes/problem-detail?sessionId=intruder', { problemId })).status,
    ).toBe(404);
  });

  it('records a score once; the second answers a message, not 00', async () => {
    const { body } = await save({ problemType: 4, problemDetail: 'Add more channels' }, 'scorer');
    const problemId = body.data.problemId as number;
    const first = await postForm(s.app, '/nepenthes/save-score?sessionId=scorer', { score: 4, problemId });
    expect(first.body.code).toBe('00');
    const second = await postForm(s.app, '/nepenthes/save-score?sessionId=scorer', { score: 5, problemId });
    expect(second.body).toEqual({ code: '409', message: 'You have already rated this service', data: null });
    const detail = await postForm(s.app, '/nepenthes/problem-detail?sessionId=scorer', { problemId });
    expect(detail.body.data).toMatchObject({ isNeedScore: 0, score: 4 });
  });

  it('validates the score', async () => {
    expect(
      (await postForm(s.app, '/nepenthes/save-score?sessionId=scorer', { score: 0, problemId: 1 })).body,
    ).toEqual({
      code: '400',
      message: 'score must be >= 1',
      data: null,
    });
    expect(
      (await postForm(s.app, '/nepenthes/save-score?sessionId=scorer', { score: 'five', problemId: 1 })).body
        .message,
    ).toBe('score must be integer');
    expect((await postForm(s.app, '/nepenthes/save-score?sessionId=scorer', { score: 3 })).body.message).toBe(
      'problemId is required',
    );
    expect(
      (await postForm(s.app, '/nepenthes/save-score?sessionId=scorer', { score: 3, problemId: 99999 }))
        .status,
    ).toBe(404);
  });

  it('seeds demo complaints: replied with images, pending, already rated', async () => {
    // The demo borrower's own session reads them (issue 16 item 11: no complaint call without one).
    const list = await postForm(s.app, '/nepenthes/problem-list?sessionId=demo');
    expect(list.body.data.tabs.map((t: { title: string }) => t.title)).toEqual([
      'All',
      'Processing',
      'Processed',
    ]);
    expect(list.body.data.tabs[0].list).toHaveLength(3);
    const replied = await postForm(s.app, '/nepenthes/problem-detail?sessionId=demo', { problemId: 1 });
    expect(replied.body.data.disposeDetail).not.toBe('');
    expect(replied.body.data.disposeImages).toEqual(['/assets-demo/pay-help.svg']);
    expect(
      (await postForm(s.app, '/nepenthes/problem-detail?sessionId=demo', { problemId: 3 })).body.data
        .isNeedScore,
    ).toBe(0);
  });

  it('refuses a collection complaint on an order that does not admit it (D-13)', async () => {
    const { status, body } = await save({
      problemType: 1,
      problemSonType: 1,
      problemDetail: 'calls',
      orderNo: 'ORD-200',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ code: '403', message: COLLECTION_REFUSED, data: null });
    expect(
      (await save({ problemType: 2, problemDetail: 'fine for another type', orderNo: 'ORD-200' })).body.code,
    ).toBe('00');
  });

  it('rejects empty, too long, untyped and badly typed complaints with 400', async () => {
    expect((await save({ problemType: 2, problemDetail: '   ' })).body).toEqual({
      code: '400',
      message: 'Please fill in your comments and suggestions',
      data: null,
    });
    expect((await save({ problemType: 2, problemDetail: 'x'.repeat(201) })).body.message).toBe(
      'problemDetail must be at most 200 characters',
    );
    expect((await save({ problemType: 2, problemDetail: '字'.repeat(200) })).body.code).toBe('00');
    expect((await save({ problemDetail: 'no type' })).body.message).toBe('problemType is required');
    expect((await save({ problemType: 'abc', problemDetail: 'x' })).body.message).toBe(
      'problemType must be integer',
    );
    expect((await save({ problemType: 9, problemDetail: 'x' })).body.message).toBe('Unknown problemType');
    expect((await save({ problemType: 1, problemDetail: 'no sub-type' })).body.message).toBe(
      'Please choose a problemSonType',
    );
    expect((await save({ problemType: 2, problemDetail: 'x', orderNo: 'ORD-NONE' })).status).toBe(404);
  });

  it('accepts at most 9 images, and only images this server issued', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 10; i++) urls.push((await upload(s.app)).body.data.url as string);
    expect(
      (await save({ problemType: 2, problemDetail: 'nine', problemImage: urls.slice(0, 9).join(',') })).body
        .code,
    ).toBe('00');
    expect(
      (await save({ problemType: 2, problemDetail: 'ten', problemImage: urls.join(',') })).body.message,
    ).toBe('At most 9 images');
    for (const bad of [
      'javascript:alert(1)',
      'https://evil.example/x.png',
      '/uploads/../../etc/passwd',
      `/uploads/${'a'.repeat(32)}.png`,
    ]) {
      expect((await save({ problemType: 2, problemDetail: 'x', problemImage: bad })).status).toBe(400);
    }
  });

  it('stores hostile strings as plain data and returns them unchanged', async () => {
    for (const text of HOSTILE.filter((t) => !t.includes('\u0000'))) {
      const { body } = await save({ problemType: 4, problemDetail: text }, 'hostile');
      const detail = await postForm(s.app, '/nepenthes/problem-detail?sessionId=hostile', {
        problemId: body.data.problemId,
      });
      expect(detail.body.data.content).toBe(text);
    }
    const count = await s.app.db
      .selectFrom('complaints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(3);
    expect((await save({ problemType: 4, problemDetail: 'nul \u0000 byte' })).body).toEqual({
      code: '400',
      message: 'Text must not contain NUL characters',
      data: null,
    });
  });

  describe('uploads', () => {
    it('accepts JPEG, GIF and WEBP by content, whatever the file is called', async () => {
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
      const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
      for (const [data, ext] of [
        [JPEG_HEAD, 'jpg'],
        [gif, 'gif'],
        [webp, 'webp'],
      ] as const) {
        const up = await upload(s.app, data, '../../evil.exe');
        expect(up.body.data.url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));
      }
    });

    it('refuses a non-image (even named .png) with a message', async () => {
      for (const data of [
        Buffer.from('<svg onload="alert(1)"/>'),
        Buffer.from('%PDF-1.4'),
        Buffer.from('just text'),
      ]) {
        const up = await upload(s.app, data, 'photo.png');
        expect(up).toEqual({
          status: 415,
          body: { code: '415', message: 'Only PNG, JPEG, GIF or WEBP images can be uploaded', data: null },
        });
      }
    });

    it('refuses an image over 5 MB with a message, not a crash', async () => {
      const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const up = await upload(s.app, big);
      expect(up).toEqual({
        status: 413,
        body: { code: '413', message: 'The image is larger than 5 MB', data: null },
      });
      expect((await upload(s.app)).status).toBe(200);
    });

    it('refuses a missing file, another field name, and a non-multipart body', async () => {
      const other = await s.app.inject({
        method: 'POST',
        url: '/nepenthes/upload-problem-image?sessionId=c-user',
        ...multipart('avatar', 'a.png', PNG_1PX),
      });
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe('The image must be sent in the field problemImage');
      const plain = await postForm(s.app, '/nepenthes/upload-problem-image?sessionId=c-user', {
        problemImage: 'x',
      });
      expect(plain).toEqual({
        status: 400,
        body: { code: '400', message: 'problemImage is required', data: null },
      });
    });

    it('serves only well-formed upload names', async () => {
      for (const url of [
        '/uploads/..%2F..%2Fetc%2Fpasswd',
        '/uploads/abc.png',
        `/uploads/${'b'.repeat(32)}.png`,
      ]) {
        expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });
  });
});
