import { ObjectId, type Db, type Filter } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import type { AuditEntry, AuditRepository } from '.';

type AuditDoc = Omit<AuditEntry, 'id'> & { _id: ObjectId };
const AUDIT = 'team_audit';
const auditOf = (db: Db) => db.collection<AuditDoc>(AUDIT);

/** The page's order and the retention's sweep read `at`. */
export const AUDIT_INDEXES: readonly MongoIndex[] = [{ collection: AUDIT, name: 'at', key: { at: 1 } }];

/** The audit trail in its own collection (team_audit). */
export function mongoAudit(client: DatabaseClient<Db>): AuditRepository {
  return {
    add: (entry) =>
      client.run('audit', async (db) => {
        const _id = new ObjectId();
        await auditOf(db).insertOne({ _id, ...entry });
        return { id: _id.toHexString(), ...entry };
      }),
    page: ({ offset, limit, actions }) =>
      client.run('auditPage', async (db) => {
        const filter: Filter<AuditDoc> = actions ? { action: { $in: [...actions] } } : {};
        const [docs, total] = await Promise.all([
          auditOf(db).find(filter).sort({ at: -1, _id: -1 }).skip(offset).limit(limit).toArray(),
          auditOf(db).countDocuments(filter),
        ]);
        return { entries: docs.map(({ _id, ...rest }) => ({ id: _id.toHexString(), ...rest })), total };
      }),
    sweep: (before) =>
      client.run('auditSweep', async (db) => (await auditOf(db).deleteMany({ at: { $lt: before } })).deletedCount),
  };
}
