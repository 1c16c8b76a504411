import { isRole, type Role } from '@wpc/shared/team';
import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import type { MemberRepository, TeamMember } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS team_members (
  email TEXT PRIMARY KEY,
  roles TEXT NOT NULL,
  added_at INTEGER NOT NULL,
  added_by TEXT NOT NULL,
  changed_at INTEGER NOT NULL,
  changed_by TEXT NOT NULL
) STRICT;
`;

const statements = prepared((db) => ({
  list: db.prepare('SELECT * FROM team_members ORDER BY email'),
  find: db.prepare('SELECT * FROM team_members WHERE email = ?'),
  save: db.prepare(
    'INSERT INTO team_members (email, roles, added_at, added_by, changed_at, changed_by) VALUES (@email, @roles, @at, @by, @at, @by) ' +
      'ON CONFLICT (email) DO UPDATE SET roles = excluded.roles, changed_at = excluded.changed_at, changed_by = excluded.changed_by ' +
      'RETURNING *',
  ),
  remove: db.prepare('DELETE FROM team_members WHERE email = ?'),
}));

function memberOf(row: Record<string, unknown>): TeamMember {
  // A role a later version no longer knows grants nothing.
  const roles = (JSON.parse(row.roles as string) as unknown[]).filter(isRole);
  return {
    email: row.email as string,
    roles,
    addedAt: dateOf(row.added_at),
    addedBy: row.added_by as string,
    changedAt: dateOf(row.changed_at),
    changedBy: row.changed_by as string,
  };
}

/** The console's members in the embedded database. */
export function embeddedMembers(client: DatabaseClient<Database>): MemberRepository {
  return {
    list: () =>
      client.run('listMembers', (db) => (statements(db).list.all() as Record<string, unknown>[]).map(memberOf)),
    find: (email) =>
      client.run('findMember', (db) => {
        const row = statements(db).find.get(email) as Record<string, unknown> | undefined;
        return row ? memberOf(row) : null;
      }),
    save: (email, roles: readonly Role[], by, at) =>
      client.run('saveMember', (db) =>
        memberOf(
          statements(db).save.get({ email, roles: JSON.stringify(roles), by, at: at.getTime() }) as Record<
            string,
            unknown
          >,
        ),
      ),
    remove: (email) => client.run('removeMember', (db) => statements(db).remove.run(email).changes === 1),
  };
}

export const membersRecord: EmbeddedRecord = { schema: SCHEMA };
