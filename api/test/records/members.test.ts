import { recordContract } from '../helpers/record-suite';

const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 9, minute));

recordContract('member record', (store) => {
  it('adds a member, changes their roles keeping who added them and when, lists them by address', async () => {
    const members = store().members;
    const partner = await members.save('partner@example.org', ['content:showcase'], 'admin@example.org', at(0));
    expect(partner).toEqual({
      email: 'partner@example.org',
      roles: ['content:showcase'],
      addedAt: at(0),
      addedBy: 'admin@example.org',
      changedAt: at(0),
      changedBy: 'admin@example.org',
    });
    await members.save('clerk@example.org', ['inbox', 'updates'], 'admin@example.org', at(1));
    const changed = await members.save(
      'partner@example.org',
      ['content:showcase', 'content:map'],
      'other.admin@example.org',
      at(5),
    );
    expect(changed).toEqual({
      ...partner,
      roles: ['content:showcase', 'content:map'],
      changedAt: at(5),
      changedBy: 'other.admin@example.org',
    });
    expect(await members.find('partner@example.org')).toEqual(changed);
    expect((await members.list()).map((member) => member.email)).toEqual(['clerk@example.org', 'partner@example.org']);
  });

  it('removes a member once; an unknown address is not found', async () => {
    const members = store().members;
    await members.save('clerk@example.org', ['inbox'], 'admin@example.org', at(0));
    expect(await members.remove('clerk@example.org')).toBe(true);
    expect(await members.remove('clerk@example.org')).toBe(false);
    expect(await members.find('clerk@example.org')).toBeNull();
    expect(await members.list()).toEqual([]);
  });
});
