import { addressHash } from '../src/records/subscriptions/address';
import { useFixtureDataDir } from './helpers/fixture-data-dir';

// Issue 39: a DATA_DIR written by the embedded store before the team's records moved onto the
// storage port (commit daf0fdc) opens with the new code, each old table migrated on open. The
// fixture and what it holds: fixtures/data-dir-daf0fdc-team/README.md.

const NOW = new Date('2026-11-27T12:00:00.000Z');
const hash = (letter: string) => letter.repeat(64);

const fixture = useFixtureDataDir('data-dir-daf0fdc-team');
const { opened, tables } = fixture;

it('answers the session stored before the port, and the sign-in link once, the expired one never', async () => {
  const session = {
    tokenHash: hash('s'),
    email: 'editor@example.org',
    csrfToken: 'csrf-fixture',
    createdAt: new Date('2026-11-27T10:00:00.000Z'),
    lastSeenAt: new Date('2026-11-27T11:00:00.000Z'),
  };
  await opened(async (store) => {
    expect(await store.sessions.find(hash('s'))).toEqual(session);
    expect(await store.sessions.takeSignInToken(hash('b'), NOW)).toBeNull();
  });
  await opened(async (store) => {
    expect(await store.sessions.takeSignInToken(hash('a'), NOW)).toBe('editor@example.org');
    expect(await store.sessions.takeSignInToken(hash('a'), NOW)).toBeNull();
    expect(await store.sessions.deleteAll('editor@example.org')).toBe(1);
  });
  expect(tables()).not.toContain('sign_in_tokens');
  expect(tables()).not.toContain('team_sessions__legacy');
});

it('ends the earlier unused sign-in links stored before the port', async () => {
  await opened(async (store) => {
    await store.sessions.saveSignInToken({ tokenHash: hash('n'), email: 'editor@example.org', expiresAt: NOW });
    expect(await store.sessions.endSignInTokens('editor@example.org', hash('n'))).toBe(2);
  });
});

it('answers the subscribers stored before the port, searches and counts them, and gives the recipients', async () => {
  const since = new Date('2026-11-20T10:00:00.000Z');
  const confirmedAt = new Date('2026-11-20T10:05:00.000Z');
  const rosa = {
    id: addressHash('rosa@example.org'),
    email: 'Rosa@Example.org',
    secret: 'r'.repeat(43),
    lists: { scorecard: { state: 'confirmed', since: confirmedAt, confirmedAt } },
    consents: [
      {
        at: since,
        form: 'contact',
        variant: 'contactScorecard',
        page: '/contact-us',
        submissionId: '0VcDzhSZsubmiss1',
        lists: ['scorecard'],
        wording: 'Subscribe to updates',
        wordingVersion: '2026-01-15',
        privacyNoticeVersion: '2026-11-01',
        confirmedAt,
      },
    ],
    confirmationsSent: [since],
    createdAt: since,
    version: 1,
  };
  await opened(async (store) => {
    expect(await store.subscriptions.get(rosa.id)).toEqual(rosa);
    expect((await store.subscriptions.search({ q: 'ROSA@example.org', limit: 10 })).map((row) => row.email)).toEqual([
      'Rosa@Example.org',
    ]);
    expect((await store.subscriptions.search({ q: 'example', limit: 10 })).map((row) => row.email)).toEqual([
      'Rosa@Example.org',
      'sam@example.org',
    ]);
    expect(await store.subscriptions.counts()).toEqual([
      { list: 'scorecard', confirmed: 1, pending: 1, left: 0 },
      { list: 'showcase', confirmed: 0, pending: 0, left: 0 },
    ]);
    expect(await store.subscriptions.recipients('scorecard', undefined, 10)).toEqual([
      { id: rosa.id, email: 'Rosa@Example.org' },
    ]);
    await store.subscriptions.change(addressHash('sam@example.org'), () => null);
  });
  await opened(async (store) => {
    expect((await store.subscriptions.all()).map((subscriber) => subscriber.email)).toEqual(['Rosa@Example.org']);
    expect((await store.subscriptions.counts())[0]).toEqual({ list: 'scorecard', confirmed: 1, pending: 0, left: 0 });
  });
  expect(tables()).not.toContain('subscribers');
});
