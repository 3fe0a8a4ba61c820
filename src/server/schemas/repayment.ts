import { arr, fields, int, obj, routeSchema, str, textValueRows, v3Reply } from './common.js';

const id = str({ minLength: 1, maxLength: 64 });
const noticeItems = arr(obj({ name: str(), steps: arr(str()) }));

export const planData = {
  orderId: str(),
  productId: str(),
  repayAmount: int(),
  productName: str(),
  repayDate: str(),
  productLogo: str(),
  detail: textValueRows,
  repayList: arr(obj({ logo: str(), name: str(), channel_number: str() })),
  noticeMsg: str(),
  defDetail: {
    ...obj({
      payCode: str(),
      logo: str(),
      title: str(),
      payNotice: { type: 'object', additionalProperties: noticeItems },
      payNoticeGroups: arr(obj({ group: str(), items: noticeItems })),
    }),
    nullable: true,
  },
  isShowReyTop: int(),
};

const orderBody = fields({ productId: str({ maxLength: 64 }), orderId: id }, ['orderId']);

export const repaymentSchemas = {
  installment: routeSchema({ body: orderBody, reply: v3Reply(obj(planData)) }),
  imitating: routeSchema({
    body: orderBody,
    reply: v3Reply(
      obj({
        ...planData,
        delayInfo: obj({ title: str(), delayAmount: int(), nextRepayDate: str() }),
        repayPlan: arr(obj({ remark: str(), title: str(), amount: int(), time: str() })),
      }),
    ),
  }),
  generateVcode: routeSchema({
    body: fields(
      {
        productId: str({ maxLength: 64 }),
        orderId: id,
        amount: int({ minimum: 1 }),
        isDelay: int({ enum: [0, 1] }),
        channelNumber: str({ minLength: 1, maxLength: 32 }),
      },
      ['orderId', 'amount', 'channelNumber'],
    ),
    reply: v3Reply(obj({ payUrl: str() })),
  }),
};
