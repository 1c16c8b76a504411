import { ObjectId, type Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { AuditEntry, AuditRepository, NewAuditEntry } from '.';

type AuditDoc = NewAuditEntry & { _id: ObjectId };
const auditOf = (db: Db) => db.collection<AuditDoc>('team_audit');

/** The audit trail in its own collection (team_audit). */
export function mongoAudit(client: DatabaseClient<Db>): AuditRepository {
  return {
    add: (entry) =>
      client.run('audit', async (db) => {
        const _id = new ObjectId();
        await auditOf(db).insertOne({ _id, ...entry });
        return { id: _id.toHexString(), ...entry } as AuditEntry;
      }),
    list: () =>
      client.run('listAudit', async (db) => {
        const docs = await auditOf(db).find({}).sort({ at: 1, _id: 1 }).toArray();
        return docs.map(({ _id, ...rest }) => ({ id: _id.toHexString(), ...rest }) as AuditEntry);
      }),
  };
}
