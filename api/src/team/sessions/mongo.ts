import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { SessionRepository, SignInToken, TeamSession } from '.';

type TokenDoc = Omit<SignInToken, 'tokenHash'> & { _id: string };
type SessionDoc = Omit<TeamSession, 'tokenHash'> & { _id: string };

const tokensOf = (db: Db) => db.collection<TokenDoc>('team_tokens');
const sessionsOf = (db: Db) => db.collection<SessionDoc>('team_sessions');

/** Sign-in tokens (team_tokens) and sessions (team_sessions), each under the hash of its token. */
export function mongoSessions(client: DatabaseClient<Db>): SessionRepository {
  return {
    async saveSignInToken({ tokenHash, ...rest }) {
      await client.run('saveSignInToken', (db) => tokensOf(db).insertOne({ _id: tokenHash, ...rest }));
    },
    takeSignInToken: (tokenHash, now) =>
      client.run('takeSignInToken', async (db) => {
        const doc = await tokensOf(db).findOne({ _id: tokenHash });
        if (!doc) return null;
        // The delete decides: of two replicas following the same link, one deletes the document.
        // (FerretDB 1.x runs findOneAndDelete as a read, then a delete, and answers both callers.)
        const { deletedCount } = await tokensOf(db).deleteOne({ _id: tokenHash });
        return deletedCount === 1 && doc.expiresAt.getTime() > now.getTime() ? doc.email : null;
      }),
    endSignInTokens: (email, keep) =>
      client.run(
        'endSignInTokens',
        async (db) => (await tokensOf(db).deleteMany(keep ? { email, _id: { $ne: keep } } : { email })).deletedCount,
      ),
    async save({ tokenHash, ...rest }) {
      await client.run('saveSession', (db) => sessionsOf(db).insertOne({ _id: tokenHash, ...rest }));
    },
    find: (tokenHash) =>
      client.run('findSession', async (db) => {
        const doc = await sessionsOf(db).findOne({ _id: tokenHash });
        if (!doc) return null;
        const { _id, ...rest } = doc;
        return { tokenHash: _id, ...rest };
      }),
    async touch(tokenHash, lastSeenAt) {
      await client.run('touchSession', (db) => sessionsOf(db).updateOne({ _id: tokenHash }, { $set: { lastSeenAt } }));
    },
    async delete(tokenHash) {
      await client.run('deleteSession', (db) => sessionsOf(db).deleteOne({ _id: tokenHash }));
    },
    deleteAll: (email) =>
      client.run('endSessions', async (db) => (await sessionsOf(db).deleteMany({ email })).deletedCount),
    async sweep(idleSince, startedBefore, now) {
      await client.run('sweep', async (db) => {
        await sessionsOf(db).deleteMany({
          $or: [{ lastSeenAt: { $lt: idleSince } }, { createdAt: { $lt: startedBefore } }],
        });
        await tokensOf(db).deleteMany({ expiresAt: { $lte: now } });
      });
    },
  };
}
