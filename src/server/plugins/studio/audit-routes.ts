// The audit log: filtered pages, and the same filters as a CSV download (itself logged).
import type { FastifyInstance } from 'fastify';
import { dayText } from '../../../../renderer/calendar.js';
import { audit, auditCsv, queryAudit, type AuditEntry, type AuditFilter } from '../../audit/log.js';
import { instant } from '../../publishing/flow.js';
import { actorOf, AUDITORS } from './guard.js';

const filterSchema = {
  type: 'object',
  properties: {
    actor: { type: 'string', maxLength: 100 },
    action: { type: 'string', maxLength: 100 },
    target: { type: 'string', maxLength: 200 },
    draftId: { type: 'integer', minimum: 1 },
    from: { type: 'string', maxLength: 40 },
    to: { type: 'string', maxLength: 40 },
    before: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
  },
} as const;

type Query = Omit<AuditFilter, 'from' | 'to'> & { from?: string; to?: string };

/** The filter with its times read as instants (with their zone), as the rest of the API does. */
const filterOf = (q: Query): AuditFilter => ({
  ...q,
  from: q.from ? instant(q.from, 'from') : undefined,
  to: q.to ? instant(q.to, 'to') : undefined,
});

/** At most this many rows in one export; narrow the filter for more. */
export const CSV_MAX = 50_000;

export function auditRoutes(api: FastifyInstance): void {
  api.get<{ Querystring: Query }>(
    '/audit',
    { config: { roles: AUDITORS }, schema: { querystring: filterSchema } },
    async (request) => ({ ok: true, ...(await queryAudit(api.db, filterOf(request.query))) }),
  );

  api.get<{ Querystring: Query }>(
    '/audit.csv',
    { config: { roles: AUDITORS }, schema: { querystring: filterSchema } },
    async (request, reply) => {
      const filter = filterOf(request.query);
      const entries: AuditEntry[] = [];
      let before = filter.before;
      while (entries.length < CSV_MAX) {
        const page = await queryAudit(api.db, { ...filter, before, limit: 500 });
        entries.push(...page.entries);
        if (page.next === null) break;
        before = page.next;
      }
      await audit(api.db, {
        at: api.cfg.now().toISOString(),
        actor: actorOf(request),
        action: 'audit.export',
        target: 'audit',
        detail: { rows: entries.length, filter: request.query },
      });
      const day = dayText(api.cfg.now().getTime());
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(auditCsv(entries.slice(0, CSV_MAX)));
    },
  );
}
