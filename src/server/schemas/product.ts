import { arr, fields, obj, routeSchema, str, v3Reply } from './common.js';
import { recProduct } from './loan.js';

const id = str({ minLength: 1, maxLength: 64 });
const byProduct = fields({ productId: id }, ['productId']);

/** The product page and the recommended list (rulings 14, §2.20, §2.21, §7.5). */
export const productSchemas = {
  list: routeSchema({ reply: v3Reply(obj({ list: arr(recProduct) })) }),
  detail: routeSchema({ body: byProduct, reply: v3Reply(recProduct) }),
  apply: routeSchema({ body: byProduct, reply: v3Reply(obj({ target: str() })) }),
};
