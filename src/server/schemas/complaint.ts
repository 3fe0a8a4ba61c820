import { arr, codeReply, fields, int, obj, routeSchema, str, titleValueRows } from './common.js';

const orderCard = obj({
  orderNo: str(),
  productLogo: str(),
  productName: str(),
  status: str(),
  isShow: int(),
  allowCollection: int(),
  list: titleValueRows,
});

const images = arr(str());

export const complaintSchemas = {
  init: routeSchema({
    body: fields({ orderId: str({ maxLength: 64 }) }),
    reply: codeReply(
      obj({
        problemType: arr(obj({ title: str(), value: int() })),
        problemSonType: arr(obj({ title: str(), value: int() })),
        orderDetail: { ...orderCard, nullable: true },
        orderList: arr(orderCard),
      }),
    ),
  }),
  save: routeSchema({
    body: fields(
      {
        problemType: int(),
        problemSonType: int(),
        problemDetail: str({ maxLength: 4000 }),
        problemImage: str({ maxLength: 4000 }),
        orderNo: str({ maxLength: 64 }),
      },
      ['problemType', 'problemDetail'],
    ),
    reply: codeReply(obj({ problemId: int() })),
  }),
  list: routeSchema({
    reply: codeReply(
      obj({
        tabs: arr(
          obj({
            title: str(),
            status: str(),
            list: arr(obj({ id: int(), time: int(), type: str(), content: str() })),
          }),
        ),
      }),
    ),
  }),
  detail: routeSchema({
    body: fields({ problemId: int({ minimum: 1, maximum: 2147483647 }) }, ['problemId']),
    reply: codeReply(
      obj({
        problemId: int(),
        type: str(),
        sonType: str(),
        problemType: int(),
        problemSonType: int(),
        orderNo: str(),
        status: str(),
        time: int(),
        content: str(),
        images,
        disposeDetail: str(),
        disposeImages: images,
        isNeedScore: int(),
        score: int(),
      }),
    ),
  }),
  score: routeSchema({
    body: fields(
      { score: int({ minimum: 1, maximum: 5 }), problemId: int({ minimum: 1, maximum: 2147483647 }) },
      ['score', 'problemId'],
    ),
    reply: codeReply(obj({})),
  }),
};
