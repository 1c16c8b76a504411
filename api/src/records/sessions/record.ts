import type { CollectionSpec, Doc, DocumentClient, Documents } from '../../db/port';
import type { SessionRepository, SignInToken, TeamSession } from '.';

type TokenDoc = Doc & Omit<SignInToken, 'tokenHash'>;
type SessionDoc = Doc & Omit<TeamSession, 'tokenHash'>;

/**
 * One document per unused sign-in link, under its token's hash. Before the port the embedded
 * store kept them in `sign_in_tokens`, the NeDB versions in `team-tokens.db`. Read by _id, ended
 * by address and swept by expiry: a handful of rows, so no index.
 */
export const TEAM_TOKENS: CollectionSpec = {
  name: 'team_tokens',
  legacy: (row) => ({
    _id: row.token_hash as string,
    email: row.email as string,
    expiresAt: new Date(row.expires_at as number),
  }),
  legacyTables: ['sign_in_tokens'],
  nedbFile: 'team-tokens.db',
};

/** One document per session, under its token's hash; `email` ends every session of one address. */
export const TEAM_SESSIONS: CollectionSpec = {
  name: 'team_sessions',
  indexes: [{ name: 'email', key: { email: 1 } }],
  legacy: (row) => ({
    _id: row.token_hash as string,
    email: row.email as string,
    csrfToken: row.csrf_token as string,
    createdAt: new Date(row.created_at as number),
    lastSeenAt: new Date(row.last_seen_at as number),
  }),
  nedbFile: 'team-sessions.db',
};

const tokensIn = (documents: Documents) => documents.collection<TokenDoc>(TEAM_TOKENS.name);
const sessionsIn = (documents: Documents) => documents.collection<SessionDoc>(TEAM_SESSIONS.name);

/** Sign-in tokens (team_tokens) and sessions (team_sessions), each under the hash of its token. */
export function teamSessions(client: DocumentClient): SessionRepository {
  return {
    saveSignInToken: async ({ tokenHash, ...rest }) => {
      await client.run('saveSignInToken', (db) => tokensIn(db).insert({ _id: tokenHash, ...rest }));
    },
    takeSignInToken: (tokenHash, now) =>
      client.run('takeSignInToken', async (db) => {
        const doc = await tokensIn(db).findOne({ _id: tokenHash });
        if (!doc) return null;
        // The delete decides: of two callers following the same link, one deletes the document.
        // (FerretDB 1.x runs findOneAndDelete as a read, then a delete, and answers both callers.)
        const deleted = await tokensIn(db).deleteOne({ _id: tokenHash });
        return deleted && doc.expiresAt.getTime() > now.getTime() ? doc.email : null;
      }),
    endSignInTokens: (email, keep) =>
      client.run('endSignInTokens', (db) => tokensIn(db).deleteMany(keep ? { email, _id: { $ne: keep } } : { email })),
    save: async ({ tokenHash, ...rest }) => {
      await client.run('saveSession', (db) => sessionsIn(db).insert({ _id: tokenHash, ...rest }));
    },
    find: (tokenHash) =>
      client.run('findSession', async (db) => {
        const doc = await sessionsIn(db).findOne({ _id: tokenHash });
        if (!doc) return null;
        const { _id, ...rest } = doc;
        return { tokenHash: _id, ...rest };
      }),
    touch: async (tokenHash, lastSeenAt) => {
      await client.run('touchSession', (db) => sessionsIn(db).updateOne({ _id: tokenHash }, { $set: { lastSeenAt } }));
    },
    delete: async (tokenHash) => {
      await client.run('deleteSession', (db) => sessionsIn(db).deleteOne({ _id: tokenHash }));
    },
    deleteAll: (email) => client.run('endSessions', (db) => sessionsIn(db).deleteMany({ email })),
    sweep: async (idleSince, startedBefore, now) => {
      await client.run('sweep', async (db) => {
        await sessionsIn(db).deleteMany({
          $or: [{ lastSeenAt: { $lt: idleSince } }, { createdAt: { $lt: startedBefore } }],
        });
        await tokensIn(db).deleteMany({ expiresAt: { $lte: now } });
      });
    },
  };
}
