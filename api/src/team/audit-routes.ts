import { AUDIT_PAGE_SIZE, auditPageSchema, auditQuerySchema } from '@wpc/shared/team/schemas';
import { toWire } from '../records/audit/wire';
import { consoleRoute } from './console-route';

/** The audit log, newest first, for admins. */
export const auditRoutes = [
  consoleRoute({
    method: 'GET',
    path: '/audit',
    permission: 'admin',
    operationId: 'teamAudit',
    summary: 'The audit log: who did what in the console and when, newest first',
    description: 'Entries older than AUDIT_RETENTION_DAYS are deleted.',
    query: auditQuerySchema,
    invalid: 'Some filters are not valid.',
    answers: { 200: { description: 'One page.', schema: { name: 'TeamAudit', schema: auditPageSchema } } },
    handler:
      ({ store, config }) =>
      async ({ res, query }) => {
        const page = Number(query.page ?? '1');
        const result = await store.audit.page({
          offset: (page - 1) * AUDIT_PAGE_SIZE,
          limit: AUDIT_PAGE_SIZE,
          actions: query.action ? [query.action] : undefined,
        });
        res.json({
          entries: result.entries.map(toWire),
          total: result.total,
          page,
          pageSize: AUDIT_PAGE_SIZE,
          retentionDays: config.auditRetentionDays,
        });
      },
  }),
];
