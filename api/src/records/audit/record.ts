import type { AuditAction } from '@wpc/shared/team';
import { newDocumentId } from '../../db/ids';
import type { CollectionSpec, Doc, DocumentClient, Documents, Filter } from '../../db/port';
import type { AuditEntry, AuditRepository } from '.';

type AuditDoc = Doc & Omit<AuditEntry, 'id'>;

/** An entry of the embedded tables before the port; absent fields stay absent, as on MongoDB. */
function legacyEntry(row: Record<string, unknown>): AuditDoc {
  const present = (name: string, value: unknown) => (value == null ? {} : { [name]: value });
  return {
    _id: row.id as string,
    at: new Date(row.at as number),
    by: row.by as string,
    action: row.action as AuditAction,
    ...present('target', row.target),
    ...present('detail', row.detail),
    ...present('counts', row.counts == null ? null : JSON.parse(row.counts as string)),
  };
}

/**
 * One document per entry. The page's order and the retention's sweep read `at`; the page's
 * filter by action reads `action` (on the embedded store, without it, a filtered page would
 * decode the whole log). Before the port the embedded store kept `audit_log` (and, in its first
 * version, `audit`, erasures only), and the NeDB versions `team-audit.db`.
 */
export const TEAM_AUDIT: CollectionSpec = {
  name: 'team_audit',
  indexes: [
    { name: 'at', key: { at: 1 } },
    { name: 'action_at', key: { action: 1, at: 1 } },
  ],
  legacy: legacyEntry,
  legacyTables: ['audit_log', 'audit'],
  nedbFile: 'team-audit.db',
};

const auditIn = (documents: Documents) => documents.collection<AuditDoc>(TEAM_AUDIT.name);

// Entries written on MongoDB before the port have an ObjectId for _id: its hex string is the id.
const entryOf = ({ _id, ...entry }: AuditDoc): AuditEntry => ({ id: String(_id), ...entry });

/** The console's audit trail (team_audit). */
export function teamAudit(client: DocumentClient): AuditRepository {
  return {
    add: (entry) =>
      client.run('audit', async (db) => {
        const _id = newDocumentId();
        await auditIn(db).insert({ _id, ...entry });
        return { id: _id, ...entry };
      }),
    page: ({ offset, limit, actions }) =>
      client.run('auditPage', async (db) => {
        const filter: Filter = actions ? { action: { $in: [...actions] } } : {};
        const [docs, total] = await Promise.all([
          auditIn(db).find(filter, { sort: { at: -1, _id: -1 }, skip: offset, limit }),
          auditIn(db).count(filter),
        ]);
        return { entries: docs.map(entryOf), total };
      }),
    sweep: (before) => client.run('auditSweep', (db) => auditIn(db).deleteMany({ at: { $lt: before } })),
  };
}
