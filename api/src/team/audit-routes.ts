import { AUDIT_PAGE_SIZE, auditQuerySchema, type AuditEntry as EntryAnswer } from '@wpc/shared/team/schemas';
import type { AuditEntry } from './audit';
import type { ConsoleRoutes } from './console-routes';
import type { ConsoleContext } from './context';
import { parse } from './requests';

const entryAnswer = ({ at, ...entry }: AuditEntry): EntryAnswer => ({ ...entry, at: at.toISOString() });

/** The audit log, newest first, for admins. */
export function auditRoutes(routes: ConsoleRoutes, { store, config }: ConsoleContext): void {
  routes.get('/audit', 'admin', async (req, res) => {
    const query = parse(auditQuerySchema, req.query, res, 'Some filters are not valid.');
    if (!query) return;
    const page = Number(query.page ?? '1');
    const result = await store.audit.page({
      offset: (page - 1) * AUDIT_PAGE_SIZE,
      limit: AUDIT_PAGE_SIZE,
      actions: query.action ? [query.action] : undefined,
    });
    res.json({
      entries: result.entries.map(entryAnswer),
      total: result.total,
      page,
      pageSize: AUDIT_PAGE_SIZE,
      retentionDays: config.auditRetentionDays,
    });
  });
}
