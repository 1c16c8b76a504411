import { isRole, type Role } from '@wpc/shared/team';
import type { CollectionSpec, Doc, DocumentClient, Documents } from '../../db/port';
import type { MemberRepository, TeamMember } from '.';

type MemberDoc = Doc & Omit<TeamMember, 'email' | 'roles'> & { roles: string[] };

/** One document per member, under the address; read by _id only, so no index. */
export const TEAM_MEMBERS: CollectionSpec = {
  name: 'team_members',
  legacy: (row) => ({
    _id: row.email as string,
    roles: JSON.parse(row.roles as string) as string[],
    addedAt: new Date(row.added_at as number),
    addedBy: row.added_by as string,
    changedAt: new Date(row.changed_at as number),
    changedBy: row.changed_by as string,
  }),
};

const membersIn = (documents: Documents) => documents.collection<MemberDoc>(TEAM_MEMBERS.name);

function memberOf({ _id, roles, addedAt, addedBy, changedAt, changedBy }: MemberDoc): TeamMember {
  // A role a later version no longer knows grants nothing.
  return { email: _id, roles: roles.filter(isRole), addedAt, addedBy, changedAt, changedBy };
}

/** The console's members (team_members), each under their address. */
export function teamMembers(client: DocumentClient): MemberRepository {
  return {
    list: () =>
      client.run('listMembers', async (db) => (await membersIn(db).find({}, { sort: { _id: 1 } })).map(memberOf)),
    find: (email) =>
      client.run('findMember', async (db) => {
        const doc = await membersIn(db).findOne({ _id: email });
        return doc ? memberOf(doc) : null;
      }),
    save: (email, roles: readonly Role[], by, at) =>
      client.run('saveMember', async (db) => {
        // By _id alone (FerretDB 1.x scans for any other filter); the added fields only on insert.
        await membersIn(db).updateOne(
          { _id: email },
          { $set: { roles: [...roles], changedAt: at, changedBy: by }, $setOnInsert: { addedAt: at, addedBy: by } },
          { upsert: true },
        );
        const doc = await membersIn(db).findOne({ _id: email });
        if (!doc) throw new Error('a saved member could not be read back');
        return memberOf(doc);
      }),
    remove: (email) => client.run('removeMember', (db) => membersIn(db).deleteOne({ _id: email })),
  };
}
