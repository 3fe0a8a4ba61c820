import { variantSchema } from '../variant/fields.js';
import { arr, codeReply, fields, int, obj, routeSchema, str } from './common.js';
import { agreementItem, confirmData } from './loan.js';

const id = str({ minLength: 1, maxLength: 64 });

const jointProduct = obj({
  id: str(),
  logo: str(),
  name: str(),
  buttonText: str(),
  range: str(),
  rangeDesc: str(),
  rate: str(),
  description: str(),
  tags: arr(str()),
  enabled: int(),
});

const variantConfirm = {
  ...confirmData,
  properties: {
    ...(confirmData.properties as Record<string, unknown>),
    NewButtonMsg: str(),
    NewPopMsg: str(),
  },
};

export const variantSchemas = {
  satire: routeSchema({
    body: fields({ productId: id }, ['productId']),
    reply: codeReply(variantSchema(variantConfirm)),
  }),
  cultures: routeSchema({
    querystring: fields({ productId: id, scene: int() }, ['productId']),
    reply: codeReply({ ...arr(variantSchema(agreementItem)) }),
  }),
  misunderstood: routeSchema({
    querystring: fields(
      { productId: id, scene: int(), position: int({ minimum: 0 }), orderId: str({ maxLength: 64 }) },
      ['productId', 'position'],
    ),
    reply: codeReply(variantSchema(obj({ contract_url: str() }))),
  }),
  depush: routeSchema({
    body: fields(
      {
        amount: int({ minimum: 1 }),
        periods: int({ minimum: 1 }),
        termUnit: str({ minLength: 1, maxLength: 8 }),
        productId: id,
      },
      ['amount', 'periods', 'termUnit', 'productId'],
    ),
    reply: codeReply(variantSchema(obj({ lendDetailsUrl: str(), orderId: str() }))),
  }),
  drowns: routeSchema({
    reply: codeReply(
      variantSchema(obj({ noticeMessage: str(), errMessage: str(), list: arr(jointProduct) })),
    ),
  }),
  because: routeSchema({
    body: fields({ productId: str({ maxLength: 64 }), id: int(), position: int({ minimum: 0 }) }),
    reply: codeReply(obj({})),
  }),
  define: routeSchema({
    body: fields({ productId: id, id: int(), moduleId: int(), position: int({ minimum: 0 }) }, ['productId']),
    reply: codeReply(str()),
  }),
};
