import { recordContract } from '../helpers/record-suite';

const NOW = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const hash = (letter: string) => letter.repeat(64);

recordContract('session record', (store) => {
  it('hands a sign-in token out once, and never after it expired', async () => {
    const sessions = store().sessions;
    await sessions.saveSignInToken({ tokenHash: hash('a'), email: 'team@example.org', expiresAt: at(1000) });
    await sessions.saveSignInToken({ tokenHash: hash('b'), email: 'team@example.org', expiresAt: at(1000) });
    const twice = await Promise.all([
      sessions.takeSignInToken(hash('a'), NOW),
      sessions.takeSignInToken(hash('a'), NOW),
    ]);
    expect(twice.sort()).toEqual(['team@example.org', null].sort());
    expect(await sessions.takeSignInToken(hash('b'), at(1000))).toBeNull();
    expect(await sessions.takeSignInToken(hash('c'), NOW)).toBeNull();
  });

  it('ends the unused sign-in tokens of one address, all or all but one, and no other address’s', async () => {
    const sessions = store().sessions;
    for (const letter of ['a', 'b', 'c'])
      await sessions.saveSignInToken({ tokenHash: hash(letter), email: 'team@example.org', expiresAt: at(1000) });
    await sessions.saveSignInToken({ tokenHash: hash('o'), email: 'other@example.org', expiresAt: at(1000) });
    expect(await sessions.endSignInTokens('team@example.org', hash('c'))).toBe(2);
    expect(await sessions.takeSignInToken(hash('a'), NOW)).toBeNull();
    expect(await sessions.takeSignInToken(hash('b'), NOW)).toBeNull();
    expect(await sessions.takeSignInToken(hash('c'), NOW)).toBe('team@example.org');
    await sessions.saveSignInToken({ tokenHash: hash('d'), email: 'team@example.org', expiresAt: at(1000) });
    expect(await sessions.endSignInTokens('team@example.org')).toBe(1);
    expect(await sessions.takeSignInToken(hash('d'), NOW)).toBeNull();
    expect(await sessions.takeSignInToken(hash('o'), NOW)).toBe('other@example.org');
  });

  it('keeps a session, touches it, ends it, and sweeps idle sessions, sessions past their lifetime and expired tokens', async () => {
    const sessions = store().sessions;
    const session = {
      tokenHash: hash('s'),
      email: 'team@example.org',
      csrfToken: 'csrf',
      createdAt: NOW,
      lastSeenAt: NOW,
    };
    await sessions.save(session);
    expect(await sessions.find(hash('s'))).toEqual(session);
    await sessions.touch(hash('s'), at(5000));
    expect(await sessions.find(hash('s'))).toEqual({ ...session, lastSeenAt: at(5000) });
    await sessions.delete(hash('s'));
    expect(await sessions.find(hash('s'))).toBeNull();

    await sessions.save({ ...session, tokenHash: hash('i') });
    await sessions.save({ ...session, tokenHash: hash('k'), createdAt: at(1), lastSeenAt: at(10_000) });
    // In use a moment ago, but started too long ago.
    await sessions.save({ ...session, tokenHash: hash('o'), lastSeenAt: at(10_000) });
    await sessions.saveSignInToken({ tokenHash: hash('t'), email: 'team@example.org', expiresAt: at(1000) });
    await sessions.sweep(at(1), at(1), at(1000));
    expect(await sessions.find(hash('i'))).toBeNull();
    expect(await sessions.find(hash('o'))).toBeNull();
    expect(await sessions.find(hash('k'))).not.toBeNull();
    expect(await sessions.takeSignInToken(hash('t'), NOW)).toBeNull();
  });

  it('ends every session of one address at once, and no other', async () => {
    const sessions = store().sessions;
    const session = (letter: string, email: string) => ({
      tokenHash: hash(letter),
      email,
      csrfToken: 'csrf',
      createdAt: NOW,
      lastSeenAt: NOW,
    });
    await sessions.save(session('a', 'team@example.org'));
    await sessions.save(session('b', 'team@example.org'));
    await sessions.save(session('c', 'other@example.org'));
    expect(await sessions.deleteAll('team@example.org')).toBe(2);
    expect(await sessions.find(hash('a'))).toBeNull();
    expect(await sessions.find(hash('b'))).toBeNull();
    expect(await sessions.find(hash('c'))).not.toBeNull();
    expect(await sessions.deleteAll('team@example.org')).toBe(0);
  });
});
