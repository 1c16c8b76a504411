import { isRole } from '@wpc/shared/team';
import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MemberRepository, TeamMember } from '.';

type MemberDoc = Omit<TeamMember, 'email'> & { _id: string };
const membersOf = (db: Db) => db.collection<MemberDoc>('team_members');

function memberOf({ _id, roles, ...rest }: MemberDoc): TeamMember {
  // A role a later version no longer knows grants nothing.
  return { email: _id, roles: roles.filter(isRole), ...rest };
}

/** The console's members (team_members), each under their address. */
export function mongoMembers(client: DatabaseClient<Db>): MemberRepository {
  return {
    list: () =>
      client.run('listMembers', async (db) => (await membersOf(db).find({}).sort({ _id: 1 }).toArray()).map(memberOf)),
    find: (email) =>
      client.run('findMember', async (db) => {
        const doc = await membersOf(db).findOne({ _id: email });
        return doc ? memberOf(doc) : null;
      }),
    save: (email, roles, by, at) =>
      client.run('saveMember', async (db) => {
        // By _id alone (FerretDB 1.x scans for any other filter); the added fields only on insert.
        await membersOf(db).updateOne(
          { _id: email },
          {
            $set: { roles: [...roles], changedAt: at, changedBy: by },
            $setOnInsert: { addedAt: at, addedBy: by },
          },
          { upsert: true },
        );
        const doc = await membersOf(db).findOne({ _id: email });
        if (!doc) throw new Error('a saved member could not be read back');
        return memberOf(doc);
      }),
    remove: (email) =>
      client.run('removeMember', async (db) => (await membersOf(db).deleteOne({ _id: email })).deletedCount === 1),
  };
}
