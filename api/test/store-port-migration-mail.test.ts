import fs from 'node:fs/promises';
import path from 'node:path';
import { useFixtureDataDir } from './helpers/fixture-data-dir';

// Issue 39: a DATA_DIR written by the embedded store of daf0fdc (the mail queue's records in their
// own columns) opens with the new code, each table migrated into the port's shape on open. The
// fixture and what it holds: fixtures/data-dir-daf0fdc-mail/README.md.

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const fixture = useFixtureDataDir('data-dir-daf0fdc-mail');
const { opened, tables } = fixture;

describe('confirmation links stored before the port', () => {
  const pending = {
    id: '0VcDzhSZconfPend',
    subscriberId: 'hash-rosa',
    email: 'rosa@example.org',
    secret: 'p'.repeat(43),
    createdAt: new Date('2026-11-20T10:00:00.000Z'),
    expiresAt: new Date(new Date('2026-11-20T10:00:00.000Z').getTime() + WEEK_MS),
  };
  const used = {
    id: '0VcDzhSZconfUsed',
    subscriberId: 'hash-ada',
    email: 'ada@example.org',
    secret: 'u'.repeat(43),
    createdAt: new Date('2026-11-20T11:00:00.000Z'),
    expiresAt: new Date(new Date('2026-11-20T11:00:00.000Z').getTime() + WEEK_MS),
    usedAt: new Date('2026-11-20T11:30:00.000Z'),
  };

  it('are answered with their emails, the queued one still due and sent once', async () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    await opened(async (store) => {
      expect(await store.confirmations.get(pending.id)).toEqual({
        ...pending,
        mail: {
          status: 'pending',
          attempts: 0,
          messageId: '<conf-pend@wpc.test>',
          dueAt: new Date('2026-11-20T10:00:00.000Z'),
        },
      });
      expect(await store.confirmations.get(used.id)).toEqual({
        ...used,
        mail: {
          status: 'sent',
          attempts: 1,
          messageId: '<conf-used@wpc.test>',
          sentAt: new Date('2026-11-20T11:00:02.000Z'),
        },
      });
      expect(await store.confirmations.use(used.id, now)).toBe(false);
      expect(await store.confirmations.queue.due(now, 10)).toEqual([pending.id]);
      const claimed = await store.confirmations.queue.claim(pending.id, 'lease-1', now, 60_000);
      expect(claimed).toMatchObject({ item: pending, state: { attempts: 1, messageId: '<conf-pend@wpc.test>' } });
      expect(await store.confirmations.queue.markSent(pending.id, 'lease-1', now)).toBe(true);
    });
    await opened(async (store) => {
      expect(await store.confirmations.queue.due(now, 10)).toEqual([]);
      expect((await store.confirmations.get(pending.id))?.mail).toMatchObject({ status: 'sent', attempts: 1 });
    });
    expect(tables()).not.toContain('update_confirmations__legacy');
  });

  it('are forgotten on erasure', async () => {
    const file = path.join(fixture.dir(), 'store.sqlite');
    await opened(async () => undefined);
    expect((await fs.readFile(file)).includes(Buffer.from(pending.secret))).toBe(true);
    await opened(async (store) => expect(await store.confirmations.removeFor('hash-rosa')).toBe(1));
    await opened(async (store) => {
      expect(await store.confirmations.get(pending.id)).toBeNull();
      expect(await store.confirmations.get(used.id)).not.toBeNull();
    });
    // secure_delete: no byte of the erased link is left in the file (its address is also in a
    // delivery, which erasure keeps without it: deliveries.erase).
    expect((await fs.readFile(file)).includes(Buffer.from(pending.secret))).toBe(false);
  });
});

describe('update deliveries stored before the port', () => {
  const UPDATE = '0VcDzhSZupdSend1';
  const delivery = (name: string) => ({
    id: `${UPDATE}.hash-${name}`,
    updateId: UPDATE,
    subscriberId: `hash-${name}`,
    email: `${name}@example.org`,
  });

  it('are counted, and the pending one is sent once while its update is sending', async () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    await opened(async (store) => {
      expect(await store.deliveries.counts(UPDATE)).toEqual({
        queued: 1,
        sent: 1,
        failed: 1,
        suppressed: 1,
        cancelled: 0,
      });
      expect(await store.deliveries.get(delivery('bob').id)).toEqual({
        ...delivery('bob'),
        mail: {
          status: 'failed',
          attempts: 2,
          messageId: '<upd-bob@wpc.test>',
          lastError: '550 no such user',
          failedAt: new Date('2026-11-20T12:05:02.000Z'),
        },
      });
      expect(await store.deliveries.anyPending(UPDATE)).toBe(true);
      expect(await store.deliveries.queue.due(now, 10)).toEqual([delivery('rosa').id]);
      const claimed = await store.deliveries.queue.claim(delivery('rosa').id, 'lease-1', now, 60_000);
      expect(claimed).toMatchObject({ item: delivery('rosa'), state: { attempts: 1 } });
      expect(await store.deliveries.queue.markSent(delivery('rosa').id, 'lease-1', now)).toBe(true);
    });
    await opened(async (store) => {
      expect(await store.deliveries.counts(UPDATE)).toEqual({
        queued: 0,
        sent: 2,
        failed: 1,
        suppressed: 1,
        cancelled: 0,
      });
      expect(await store.deliveries.anyPending(UPDATE)).toBe(false);
      expect(await store.deliveries.queue.due(now, 10)).toEqual([]);
    });
    expect(tables()).not.toContain('update_deliveries__legacy');
  });

  it('forget an erased address, leaving no byte of it in the file', async () => {
    const file = path.join(fixture.dir(), 'store.sqlite');
    await opened(async () => undefined);
    expect((await fs.readFile(file)).includes(Buffer.from('ada@example.org'))).toBe(true);
    await opened(async (store) => {
      await store.confirmations.removeFor('hash-ada');
      await store.deliveries.erase('hash-ada');
      expect(await store.deliveries.get(delivery('ada').id)).toMatchObject({ email: '', mail: { status: 'sent' } });
    });
    expect((await fs.readFile(file)).includes(Buffer.from('ada@example.org'))).toBe(false);
  });
});
