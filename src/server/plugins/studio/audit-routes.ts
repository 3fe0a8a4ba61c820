// The audit log: filtered pages, and the same filters as a CSV download (itself logged).
import type { FastifyInstance } from 'fastify';
import { dayText } from '../../../../renderer/calendar.js';
import {
  AUDIT_PAGE_MAX,
  audit,
  auditCsv,
  queryAudit,
  type AuditEntry,
  type AuditFilter,
} from '../../audit/log.js';
import { instant } from '../../publishing/flow-input.js';
import { actorOf, AUDITORS } from './guard.js';
import type { StudioDeps } from './services.js';

/** At most this many rows in one export; narrow the filter for more. */
export const CSV_MAX = 50_000;

/** The filters of both routes; `limit` is a page's size for /audit, the export's rows for /audit.csv. */
const filterSchema = (maxLimit: number) =>
  ({
    type: 'object',
    properties: {
      actor: { type: 'string', maxLength: 100 },
      action: { type: 'string', maxLength: 100 },
      target: { type: 'string', maxLength: 200 },
      draftId: { type: 'integer', minimum: 1 },
      from: { type: 'string', maxLength: 40 },
      to: { type: 'string', maxLength: 40 },
      before: { type: 'integer', minimum: 1 },
      limit: { type: 'integer', minimum: 1, maximum: maxLimit },
    },
  }) as const;

type Query = Omit<AuditFilter, 'from' | 'to'> & { from?: string; to?: string };

/** The filter with its times read as instants (with their zone), as the rest of the API does. */
const filterOf = (q: Query): AuditFilter => ({
  ...q,
  from: q.from ? instant(q.from, 'from') : undefined,
  to: q.to ? instant(q.to, 'to') : undefined,
});

export function auditRoutes(api: FastifyInstance, s: StudioDeps): void {
  api.get<{ Querystring: Query }>(
    '/audit',
    { config: { roles: AUDITORS }, schema: { querystring: filterSchema(AUDIT_PAGE_MAX) } },
    async (request) => ({ ok: true, ...(await queryAudit(s.db, filterOf(request.query))) }),
  );

  api.get<{ Querystring: Query }>(
    '/audit.csv',
    { config: { roles: AUDITORS }, schema: { querystring: filterSchema(CSV_MAX) } },
    async (request, reply) => {
      const filter = filterOf(request.query);
      const rows = filter.limit ?? CSV_MAX;
      const entries: AuditEntry[] = [];
      let before = filter.before;
      while (entries.length < rows) {
        const page = await queryAudit(s.db, {
          ...filter,
          before,
          limit: Math.min(AUDIT_PAGE_MAX, rows - entries.length),
        });
        entries.push(...page.entries);
        if (page.next === null) break;
        before = page.next;
      }
      await audit(s.db, {
        at: s.cfg.now().toISOString(),
        actor: actorOf(request),
        action: 'audit.export',
        target: 'audit',
        detail: { rows: entries.length, filter: request.query },
      });
      const day = dayText(s.cfg.now().getTime());
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(auditCsv(entries.slice(0, rows)));
    },
  );
}
