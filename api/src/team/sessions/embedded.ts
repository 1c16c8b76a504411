import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import type { NedbDoc } from '../../db/nedb';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import type { SessionRepository, SignInToken, TeamSession } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sign_in_tokens (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS team_sessions (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  csrf_token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS team_sessions_email ON team_sessions (email);
`;

const statements = prepared((db) => ({
  saveToken: db.prepare(
    'INSERT INTO sign_in_tokens (token_hash, email, expires_at) VALUES (@tokenHash, @email, @expiresAt)',
  ),
  importToken: db.prepare(
    'INSERT OR IGNORE INTO sign_in_tokens (token_hash, email, expires_at) VALUES (@tokenHash, @email, @expiresAt)',
  ),
  takeToken: db.prepare('DELETE FROM sign_in_tokens WHERE token_hash = ? RETURNING email, expires_at'),
  endTokens: db.prepare('DELETE FROM sign_in_tokens WHERE email = ? AND token_hash <> ?'),
  save: db.prepare(
    'INSERT INTO team_sessions (token_hash, email, csrf_token, created_at, last_seen_at) VALUES (@tokenHash, @email, @csrfToken, @createdAt, @lastSeenAt)',
  ),
  import: db.prepare(
    'INSERT OR IGNORE INTO team_sessions (token_hash, email, csrf_token, created_at, last_seen_at) VALUES (@tokenHash, @email, @csrfToken, @createdAt, @lastSeenAt)',
  ),
  find: db.prepare('SELECT * FROM team_sessions WHERE token_hash = ?'),
  touch: db.prepare('UPDATE team_sessions SET last_seen_at = ? WHERE token_hash = ?'),
  delete: db.prepare('DELETE FROM team_sessions WHERE token_hash = ?'),
  deleteAll: db.prepare('DELETE FROM team_sessions WHERE email = ?'),
  sweepSessions: db.prepare('DELETE FROM team_sessions WHERE last_seen_at < ? OR created_at < ?'),
  sweepTokens: db.prepare('DELETE FROM sign_in_tokens WHERE expires_at <= ?'),
}));

const tokenParameters = (token: SignInToken) => ({ ...token, expiresAt: token.expiresAt.getTime() });
const sessionParameters = (session: TeamSession) => ({
  ...session,
  createdAt: session.createdAt.getTime(),
  lastSeenAt: session.lastSeenAt.getTime(),
});

/** Sign-in tokens and sessions in the embedded database. */
export function embeddedSessions(client: DatabaseClient<Database>): SessionRepository {
  return {
    saveSignInToken: async (token) => {
      await client.run('saveSignInToken', (db) => statements(db).saveToken.run(tokenParameters(token)));
    },
    takeSignInToken: (tokenHash, now) =>
      client.run('takeSignInToken', (db) => {
        const row = statements(db).takeToken.get(tokenHash) as { email: string; expires_at: number } | undefined;
        return row && row.expires_at > now.getTime() ? row.email : null;
      }),
    endSignInTokens: (email, keep) =>
      client.run('endSignInTokens', (db) => statements(db).endTokens.run(email, keep ?? '').changes),
    save: async (session) => {
      await client.run('saveSession', (db) => statements(db).save.run(sessionParameters(session)));
    },
    find: (tokenHash) =>
      client.run('findSession', (db) => {
        const row = statements(db).find.get(tokenHash) as Record<string, unknown> | undefined;
        if (!row) return null;
        return {
          tokenHash: row.token_hash as string,
          email: row.email as string,
          csrfToken: row.csrf_token as string,
          createdAt: dateOf(row.created_at),
          lastSeenAt: dateOf(row.last_seen_at),
        };
      }),
    touch: async (tokenHash, lastSeenAt) => {
      await client.run('touchSession', (db) => statements(db).touch.run(lastSeenAt.getTime(), tokenHash));
    },
    delete: async (tokenHash) => {
      await client.run('deleteSession', (db) => statements(db).delete.run(tokenHash));
    },
    deleteAll: (email) => client.run('endSessions', (db) => statements(db).deleteAll.run(email).changes),
    sweep: async (idleSince, startedBefore, now) => {
      await client.run('sweep', (db) => {
        statements(db).sweepSessions.run(idleSince.getTime(), startedBefore.getTime());
        statements(db).sweepTokens.run(now.getTime());
      });
    },
  };
}

/** The tokens' and sessions' tables, and their documents from earlier versions. */
export const sessionsRecord: EmbeddedRecord = {
  schema: SCHEMA,
  nedb: [
    {
      file: 'team-tokens.db',
      load(db, docs: readonly NedbDoc[]) {
        for (const { _id, ...token } of docs) {
          statements(db).importToken.run(
            tokenParameters({ tokenHash: _id, ...(token as Omit<SignInToken, 'tokenHash'>) }),
          );
        }
      },
    },
    {
      file: 'team-sessions.db',
      load(db, docs: readonly NedbDoc[]) {
        for (const { _id, ...session } of docs) {
          statements(db).import.run(
            sessionParameters({ tokenHash: _id, ...(session as Omit<TeamSession, 'tokenHash'>) }),
          );
        }
      },
    },
  ],
};
