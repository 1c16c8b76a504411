import { newDocumentId } from '../../src/db/ids';
import type { Update } from '../../src/records/updates';
import { recordContract } from '../helpers/record-suite';

// Issue 27: the updates the team writes (draft, scheduled, sending, paused, sent, cancelled), the
// sender's work (scheduled and due, or sending and not yet fanned out) and the public archive.

const AT = new Date('2026-03-01T09:00:00.000Z');
const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);

const update = (subject: string, extra: Partial<Update> = {}): Update => ({
  id: newDocumentId(),
  subject,
  body: 'The 2027 **Scorecard** opens in March.',
  list: 'scorecard',
  state: 'draft',
  createdAt: AT,
  createdBy: 'editor@consortium.test',
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  fromRelease: null,
  fannedOut: false,
  version: 0,
  ...extra,
});

recordContract('update record', (store) => {
  it('keeps an update as written, lists updates newest first, and changes one from its latest state', async () => {
    const older = update('Older', { fromRelease: 'community-wildfire-resilience-scorecard-launched' });
    const newer = update('Newer', { createdAt: minutes(5), list: 'showcase' });
    await store().updates.create(older);
    await store().updates.create(newer);
    expect(await store().updates.get(older.id)).toEqual(older);
    expect((await store().updates.list()).map((entry) => entry.subject)).toEqual(['Newer', 'Older']);

    const scheduled = await store().updates.change(older.id, (current) => ({
      ...current,
      state: 'scheduled',
      scheduledAt: minutes(60),
    }));
    expect(scheduled).toMatchObject({ state: 'scheduled', scheduledAt: minutes(60), version: 1 });
    expect(await store().updates.change(older.id, () => undefined)).toEqual(scheduled);
    expect(await store().updates.get(older.id)).toEqual(scheduled);
    expect(await store().updates.change(newDocumentId(), (current) => current)).toBeNull();
  });

  it('gives the sender what is due: scheduled updates whose time came, and sending ones not fanned out', async () => {
    const due = update('Due', { state: 'scheduled', scheduledAt: minutes(10) });
    const later = update('Later', { state: 'scheduled', scheduledAt: minutes(30) });
    const sending = update('Sending', { state: 'sending', startedAt: minutes(1) });
    const fannedOut = update('Fanned out', { state: 'sending', startedAt: minutes(2), fannedOut: true });
    const paused = update('Paused', { state: 'paused', startedAt: minutes(3) });
    const draft = update('Draft');
    for (const entry of [due, later, sending, fannedOut, paused, draft]) await store().updates.create(entry);
    const subjects = async (now: Date) => (await store().updates.due(now)).map((entry) => entry.subject).sort();
    expect(await subjects(minutes(15))).toEqual(['Due', 'Sending']);
    expect(await subjects(minutes(30))).toEqual(['Due', 'Later', 'Sending']);
  });

  it('publishes every update whose sending started, newest first, and no draft or scheduled one', async () => {
    await store().updates.create(update('Draft'));
    await store().updates.create(update('Scheduled', { state: 'scheduled', scheduledAt: minutes(60) }));
    await store().updates.create(update('First', { state: 'sent', startedAt: minutes(1), finishedAt: minutes(2) }));
    await store().updates.create(update('Second', { state: 'sending', startedAt: minutes(3) }));
    await store().updates.create(update('Cancelled', { state: 'cancelled', startedAt: minutes(4) }));
    expect((await store().updates.published()).map((entry) => entry.subject)).toEqual(['Cancelled', 'Second', 'First']);
  });
});
