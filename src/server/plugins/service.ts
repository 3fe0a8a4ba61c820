import type { FastifyInstance } from 'fastify';
import { access } from '../identity/index.js';
import { ok, registerFamilyErrors } from '../lib/envelope.js';
import { codeReply, fields, int, obj, routeSchema, str } from '../schemas/common.js';

const schema = routeSchema({
  body: fields({ overall: int() }, ['overall']),
  reply: codeReply(obj({ email: str(), smWa: str() })),
});

/** Customer-service contact (spec §2.7, §7.2; the page sends overall=30). */
export default async function servicePlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'nepenthes');

  app.post('/nepenthes/contact-kf-info', { schema, ...access.public }, async () => {
    const row = await app.db
      .selectFrom('contact_info')
      .select(['email', 'sm_wa'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return ok('nepenthes', { email: row?.email ?? '', smWa: row?.sm_wa ?? '' });
  });
}
