import type { FastifyInstance } from 'fastify';
import { peso } from '../lib/format.js';
import { escapeHtml } from '../lib/html.js';
import { registerDemoImages } from './demo-images.js';

/**
 * Generated demo images (demo-images.ts) and the stand-in payment page that payUrl, h5Url and the
 * huichao url point at (/demo/pay), so a flow can be followed end to end without a payment provider.
 */
export default async function demoAssetsPlugin(app: FastifyInstance): Promise<void> {
  registerDemoImages(app);

  app.get('/demo/pay', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const rows: Array<[string, string]> = [];
    let orderId = q.orderId ?? '';
    if (q.ref) {
      const pay = await app.db
        .selectFrom('pay_requests')
        .selectAll()
        .where('token', '=', q.ref)
        .executeTakeFirst();
      if (pay) {
        orderId = pay.order_id;
        rows.push(
          ['Amount', peso(pay.amount)],
          ['Channel', pay.channel_number],
          ['Extension', pay.is_delay ? 'yes' : 'no'],
        );
      }
    }
    if (!orderId) return reply.code(404).type('text/html; charset=utf-8').send(page('Payment not found', []));
    rows.unshift(['Order', orderId]);
    if (q.amount && /^\d+$/.test(q.amount)) rows.push(['Amount', peso(Number(q.amount))]);
    if (q.source) rows.push(['Source', q.source]);
    const back = `/loan/details?${new URLSearchParams({ orderId }).toString()}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page('Demo payment', rows, back));
  });
}

function page(title: string, rows: Array<[string, string]>, back?: string): string {
  const list = rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:sans-serif;padding:16px"><h1>${escapeHtml(title)}</h1>` +
    `<p>This page stands in for the payment provider in the demo. No money moves.</p>` +
    `<dl>${list}</dl>` +
    (back ? `<p><a id="back" href="${escapeHtml(back)}">Back to the order</a></p>` : '') +
    `</body></html>`
  );
}
