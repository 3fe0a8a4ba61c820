import { arr, codeReply, fields, int, obj, routeSchema, str } from './common.js';

const orderId = str({ minLength: 1, maxLength: 64 });
const s64 = str({ maxLength: 64 });

export const legacySchemas = {
  way: routeSchema({
    body: fields({ orderId }, ['orderId']),
    reply: codeReply(
      obj({
        alipay: str(),
        repayToken: str(),
        repayAmount: int(),
        bankCards: arr(obj({ id: int(), bankName: str(), cardNo: str(), bankCode: str() })),
      }),
    ),
  }),
  commit: routeSchema({
    body: fields(
      {
        amount: int({ minimum: 1 }),
        bankName: s64,
        cardId: int({ minimum: 1, maximum: 2147483647 }),
        cardNo: s64,
        couponId: s64,
        orderId,
        repayToken: str({ minLength: 1, maxLength: 64 }),
        bankCode: s64,
        sendMsg: int({ enum: [0, 1] }),
      },
      ['amount', 'cardId', 'orderId', 'repayToken'],
    ),
    reply: codeReply(obj({ needValid: int(), repayRecordId: int() })),
  }),
  confirm: routeSchema({
    body: fields(
      {
        orderId,
        verifyCode: str({ maxLength: 16 }),
        repaymentRecordId: int({ minimum: 1, maximum: 2147483647 }),
      },
      ['orderId', 'verifyCode', 'repaymentRecordId'],
    ),
    reply: codeReply(obj({})),
  }),
  huichao: routeSchema({
    body: fields({ userId: s64, orderId, amount: int({ minimum: 1 }) }, ['orderId', 'amount']),
    reply: codeReply(obj({ url: str() })),
  }),
};
