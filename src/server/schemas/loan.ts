import { arr, fields, int, obj, routeSchema, str, textValueRows, v3Reply } from './common.js';

const id = str({ minLength: 1, maxLength: 64 });

export const confirmData = obj({
  productId: str(),
  comProductLogo: str(),
  comProductName: str(),
  amount: int(),
  periods: int(),
  termUnit: str(),
  details: textValueRows,
  repay_plans: arr(obj({ amount: int(), description: str(), pay_time: str() })),
  firstPayTime: str(),
  firstPeriodDay: int(),
  pRateDsc: str(),
  sendSms: int(),
  isPopType: int(),
  popContent: str(),
  popTitle: str(),
  popAgreementUrl: str(),
});

export const recProduct = obj({
  productId: str(),
  productLogo: str(),
  productName: str(),
  buttonText: str(),
  amountRange: str(),
  amountRangeDesc: str(),
  loanRate: str(),
  description: str(),
  productTags: arr(str()),
  enabled: int(),
});

export const loanDetailsData = obj({
  orderId: str(),
  productId: str(),
  orderStatus: int(),
  statusImage: str(),
  noticeStatusText: str(),
  noticeDesText: str(),
  recProducts: arr(recProduct),
  productName: str(),
  productLogo: str(),
  userOrderDetail: obj({ detail: textValueRows }),
  inside: str(),
  h5Url: str(),
  isDelay: str(),
  telephone: str(),
  isScore: str(),
  playeduL: str(),
  reyMsg: str(),
  KindTipsMsg: str(),
  cardNeedPop: int(),
  cardPopTitle: str(),
  cardPopMsg: str(),
});

/** Title and identifier (spec §3); a tap sends the item's list index as `position`. */
export const agreementItem = obj({ id: str(), title: str() });

export const loanSchemas = {
  confirm: routeSchema({ body: fields({ productId: id }, ['productId']), reply: v3Reply(confirmData) }),
  contract: routeSchema({
    querystring: fields({ productId: id, scene: int() }, ['productId']),
    reply: v3Reply(obj({ data: arr(agreementItem) })),
  }),
  contractJump: routeSchema({
    body: fields(
      { productId: id, scene: int(), position: int({ minimum: 0 }), orderId: str({ maxLength: 64 }) },
      ['productId', 'position'],
    ),
    reply: v3Reply(obj({ contract_url: str() })),
  }),
  push: routeSchema({
    body: fields(
      {
        amount: int({ minimum: 1 }),
        periods: int({ minimum: 1 }),
        termUnit: str({ minLength: 1, maxLength: 8 }),
        productId: id,
      },
      ['amount', 'periods', 'termUnit', 'productId'],
    ),
    reply: v3Reply(obj({ lendDetailsUrl: str(), orderId: str() })),
  }),
  details: routeSchema({
    body: fields({ productId: str({ maxLength: 64 }), orderId: id }, ['orderId']),
    reply: v3Reply(loanDetailsData),
  }),
  googleScore: routeSchema({
    body: fields({ score: int({ minimum: 1, maximum: 5 }), orderId: str({ maxLength: 64 }) }, ['score']),
    reply: v3Reply(obj({})),
  }),
  eventSave: routeSchema({
    body: fields({ productId: id, moduleId: int(), positionId: int({ minimum: 0 }) }, [
      'productId',
      'moduleId',
      'positionId',
    ]),
    reply: v3Reply(obj({})),
  }),
};
