import { codeReply, fields, int, obj, routeSchema, str } from './common.js';

const s64 = str({ maxLength: 64 });
const track = fields({
  page_id: s64,
  user_from: s64,
  client_type: s64,
  page_type: s64,
  utm_tag: s64,
  app_from: s64,
  phone: str({ maxLength: 32 }),
});

const phone = str({ maxLength: 32 });
const sid = str({ minLength: 1, maxLength: 64 });
const capcode = str({ maxLength: 16 });

export const promoSchemas = {
  template: routeSchema({
    querystring: fields({ templateId: int({ minimum: 1, maximum: 2147483647 }) }, ['templateId']),
    reply: codeReply(obj({ id: int(), config: { type: 'object', additionalProperties: true } })),
  }),
  track: routeSchema({ querystring: track, reply: codeReply(obj({})) }),
  sid: routeSchema({ reply: codeReply(obj({ sid: str() })) }),
  captcha: { querystring: fields({ sid, a: str({ maxLength: 32 }) }, ['sid']) },
  sms: routeSchema({
    body: fields(
      { phone, capcode, sid, deviceId: s64, appName: s64, app_from: s64, user_from: s64, utm_tag: s64 },
      ['phone', 'capcode', 'sid'],
    ),
    reply: codeReply(obj({})),
  }),
  register: routeSchema({
    body: fields(
      {
        phone,
        capcode,
        sid,
        smsCode: str({ maxLength: 16 }),
        deviceId: s64,
        appName: s64,
        merchantNumber: s64,
        userName: s64,
        invite_code: s64,
        user_from: s64,
        id: s64,
        app_from: s64,
        utm_tag: s64,
      },
      ['phone', 'capcode', 'sid', 'smsCode'],
    ),
    reply: codeReply(obj({})),
  }),
};
