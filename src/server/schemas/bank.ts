import { arr, codeReply, fields, int, obj, routeSchema, str } from './common.js';

export const bankItem = obj({
  code: str(),
  cate: str(),
  title: str(),
  subtitle: str(),
  value: str(),
  note: arr(obj({ name: str(), type: str() })),
  cardTypeMi: int(),
  channelNumber: str(),
  inputType: str(),
});

// Field values are validated against the form items in repos/bank.ts (the form is data).
const bindBody = fields(
  { cardType: str({ minLength: 1, maxLength: 4 }), product_id: str({ maxLength: 64 }) },
  ['cardType'],
);

export const bankSchemas = {
  init: routeSchema({
    body: fields({ product_id: str({ maxLength: 64 }) }),
    reply: codeReply(obj({ items: arr(bankItem) })),
  }),
  bind: routeSchema({
    body: bindBody,
    reply: codeReply(obj({ success: { type: 'boolean' }, cardId: int() })),
  }),
};
