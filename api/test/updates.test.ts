import request from 'supertest';
import nodemailer from 'nodemailer';
import pino from 'pino';
import type { ReceivedMail } from '../../test-support/smtp/server';
import { StoreUnavailableError } from '../src/db/errors';
import { addressHash } from '../src/records/subscriptions/address';
import { deliveryId } from '../src/records/deliveries';
import { UPDATE_MAX_IN_FLIGHT } from '../src/updates/sender';
import { startInbound } from '../src/updates/inbound';
import { eventually, TEAM_INBOX } from './helpers/notify';
import { describeStore, storeCases } from './helpers/stores';
import { signIn, teamPost } from './helpers/team';
import {
  EDITOR,
  linkIn,
  person,
  sendUpdate,
  storeScorecardEntry,
  submit,
  useUpdatesHarness,
  type UpdatesHarness,
} from './helpers/updates';

// Each test sends real email through a local SMTP server, some of it paced.
jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;
/** The spec's label of the contact form's updates box (test-support/spec/forms.ts). */
const CONTACT_UPDATES_LABEL = 'Subscribe to updates';

const to = (address: string) => (mail: ReceivedMail) => mail.envelope.to.includes(address);
const confirmationsTo = (h: UpdatesHarness, address: string) =>
  h.smtp.messages.filter((mail) => to(address)(mail) && /Please confirm/.test(mail.subject ?? ''));

/** Sends the contact form with its updates box ticked, and answers the confirmation email that follows. */
async function signUp(h: UpdatesHarness, email: string, extra: Record<string, unknown> = {}): Promise<ReceivedMail> {
  const before = confirmationsTo(h, email).length;
  const res = await submit(h.app, 'contact', { ...person(email), subscribe: true, ...extra });
  expect(res.status).toBe(200);
  await eventually(() => expect(confirmationsTo(h, email).length).toBe(before + 1));
  return confirmationsTo(h, email).at(-1)!;
}

async function confirmed(h: UpdatesHarness, email: string, extra: Record<string, unknown> = {}): Promise<void> {
  const mail = await signUp(h, email, extra);
  const res = await request(h.app)
    .post('/api/updates/confirm')
    .send({ token: linkIn(mail, '/updates/confirm').token });
  expect(res.status).toBe(200);
}

/**
 * Waits until the update is sent (every delivery settled), and answers its counts. Sixty readers
 * take 3 s at the test's 20 a second, and each delivery several store calls: on FerretDB beside a
 * busy jest run that took over 20 s, so the wait is as long as the test allows (jest.setTimeout
 * above); what the tests check is who got how many copies, not how soon.
 */
async function settled(h: UpdatesHarness, id: string) {
  const team = await h.team();
  return eventually(async () => {
    const res = await request(h.app).get(`/api/team/updates/${id}`).set('Cookie', team.cookie);
    expect(res.body.state).toBe('sent');
    return res.body.counts as Record<string, number>;
  }, 50_000);
}

/** Every delivery of an update (its 41 readers in the console's test) as its record says: sent, claimed (in flight) or waiting. */
async function deliveriesOf(h: UpdatesHarness, updateId: string) {
  const readers = ['jo@example.org', ...Array.from({ length: 40 }, (_, i) => `reader${i}@example.org`)];
  const records = await Promise.all(
    readers.map((email) => h.store.deliveries.get(deliveryId(updateId, addressHash(email)))),
  );
  return records.map((record, i) => ({
    id: readers[i]!,
    status: record?.mail.status,
    claimed: record?.mail.status === 'pending' && record.mail.lease !== undefined,
  }));
}

/** Stores confirmed "Scorecard updates" subscribers directly, as many as a test needs to send to. */
async function confirmedReaders(h: UpdatesHarness, emails: readonly string[]): Promise<void> {
  for (const email of emails) {
    const id = addressHash(email);
    await h.store.subscriptions.change(id, () => ({
      id,
      email,
      secret: 'x'.repeat(43),
      lists: { scorecard: { state: 'confirmed', since: new Date(), confirmedAt: new Date() } },
      consents: [],
      confirmationsSent: [],
      createdAt: new Date(),
      version: 0,
    }));
  }
}

const updatesTo = (h: UpdatesHarness, address: string, subject: string) =>
  h.smtp.messages.filter((mail) => to(address)(mail) && mail.subject === subject);

for (const storeCase of storeCases) {
  describeStore(storeCase, 'updates: subscriptions from consent and double opt-in', () => {
    const h = useUpdatesHarness(storeCase);

    it('gives a visitor who ticked the box one confirmation email; the link’s GET changes nothing, Confirm does', async () => {
      const mail = await signUp(h, 'rosa@example.org');
      expect(mail.text).toContain('Scorecard updates');
      // The team's notification went out as before.
      await eventually(() => expect(h.smtp.messages.some(to(TEAM_INBOX))).toBe(true));
      const { token } = linkIn(mail, '/updates/confirm');
      const id = addressHash('rosa@example.org');

      for (let i = 0; i < 2; i += 1) {
        const info = await request(h.app).get('/api/updates/confirm').query({ token });
        expect(info.status).toBe(200);
        expect(info.body).toMatchObject({ email: 'rosa@example.org', lists: ['scorecard'], state: 'pending' });
      }
      expect((await h.store.subscriptions.get(id))?.lists.scorecard?.state).toBe('pending');

      const res = await request(h.app).post('/api/updates/confirm').send({ token });
      expect(res.status).toBe(200);
      expect(res.body.confirmed).toEqual(['scorecard']);
      const subscriber = await h.store.subscriptions.get(id);
      expect(subscriber?.lists.scorecard?.state).toBe('confirmed');
      // The consent record: time, form and page, the wording seen (versioned), and the confirmation.
      expect(subscriber?.consents).toEqual([
        expect.objectContaining({
          form: 'contact',
          variant: 'contact',
          lists: ['scorecard'],
          wording: CONTACT_UPDATES_LABEL,
          wordingVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          privacyNoticeVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          confirmedAt: expect.any(Date),
        }),
      ]);

      // Confirming twice is harmless: refused as used, nothing changes.
      const again = await request(h.app).post('/api/updates/confirm').send({ token });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatch(/already/);
      expect((await h.store.subscriptions.get(id))?.lists.scorecard?.state).toBe('confirmed');
    });

    it('joins the showcase list from Notify me, and a form without a ticked box subscribes nobody', async () => {
      expect((await submit(h.app, 'contact', { ...person('quiet@example.org'), subscribe: false })).status).toBe(200);
      expect((await submit(h.app, 'notifyme', person('notify@example.org'))).status).toBe(200);
      await eventually(() => expect(confirmationsTo(h, 'notify@example.org')).toHaveLength(1));
      expect(confirmationsTo(h, 'notify@example.org')[0]!.text).toContain('Showcase announcements');
      expect(await h.store.subscriptions.get(addressHash('quiet@example.org'))).toBeNull();
      expect(confirmationsTo(h, 'quiet@example.org')).toHaveLength(0);
    });

    it('refuses forged and expired links with a clear message and changes nothing', async () => {
      const { token } = linkIn(await signUp(h, 'late@example.org'), '/updates/confirm');
      const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
      for (const bad of [forged, 'not-a-token', `nosuchid.${'B'.repeat(43)}`]) {
        const res = await request(h.app).post('/api/updates/confirm').send({ token: bad });
        expect(res.status).toBe(404);
        expect(res.body.error).toMatch(/not valid/);
      }
      h.advance(8 * DAY);
      expect((await request(h.app).get('/api/updates/confirm').query({ token })).status).toBe(410);
      const expired = await request(h.app).post('/api/updates/confirm').send({ token });
      expect(expired.status).toBe(410);
      expect(expired.body.error).toMatch(/expired/);
      expect((await h.store.subscriptions.get(addressHash('late@example.org')))?.lists.scorecard?.state).toBe(
        'pending',
      );
    });

    it('sends at most one more confirmation for repeated sign-ups within a day', async () => {
      for (let i = 0; i < 4; i += 1) {
        expect(
          (await submit(h.app, 'subscribe', { ...person('eager@example.org'), lastName: `Try ${i}` })).status,
        ).toBe(200);
      }
      await eventually(() => expect(confirmationsTo(h, 'eager@example.org')).toHaveLength(2));
      // A later sign-up's confirmation arrives after any third one for this address would have.
      await submit(h.app, 'subscribe', person('later@example.org'));
      await eventually(() => expect(confirmationsTo(h, 'later@example.org')).toHaveLength(1));
      expect(confirmationsTo(h, 'eager@example.org')).toHaveLength(2);
      // A consent record per confirmation sent: the same consent again within the day adds none.
      const consentsOfEager = async () =>
        (await h.store.subscriptions.get(addressHash('eager@example.org')))?.consents ?? [];
      expect(await consentsOfEager()).toHaveLength(2);
      h.advance(DAY + 1000);
      await submit(h.app, 'subscribe', person('eager@example.org'));
      await eventually(() => expect(confirmationsTo(h, 'eager@example.org')).toHaveLength(3));
      expect(await consentsOfEager()).toHaveLength(3);
    });

    it('confirms through a form posted without scripts, answered with the page that says so', async () => {
      const { token } = linkIn(await signUp(h, 'noscript@example.org'), '/updates/confirm');
      const res = await request(h.app)
        .post(`/api/updates/confirm?token=${encodeURIComponent(token)}`)
        .type('form')
        .send('confirm=1');
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/updates/confirmed');
      const again = await request(h.app)
        .post(`/api/updates/confirm?token=${encodeURIComponent(token)}`)
        .type('form')
        .send('');
      expect(again.headers.location).toBe('/updates/link-problem?problem=used');
    });
  });

  describeStore(storeCase, 'updates: sending, leaving and erasure', () => {
    const h = useUpdatesHarness(storeCase);

    it('sends an update to confirmed subscribers only, with List-Unsubscribe headers and no tracking; one-click stops the next', async () => {
      await confirmed(h, 'ana@example.org');
      await confirmed(h, 'ben@example.org');
      await signUp(h, 'pending@example.org'); // never confirms

      const body =
        'Pilots start in **March**. Read [the instructions](https://wildfire.example/scorecard/instructions).';
      const first = await sendUpdate(h, { subject: 'Scorecard pilots open', body, list: 'scorecard' });
      expect(await settled(h, first)).toMatchObject({ sent: 2, queued: 0, failed: 0 });
      // Each email the server took is one "update delivered" on the Impact page (issue 40).
      expect(h.delivered).toBe(2);
      const [mail] = updatesTo(h, 'ana@example.org', 'Scorecard pilots open');
      expect(updatesTo(h, 'pending@example.org', 'Scorecard pilots open')).toHaveLength(0);

      const unsubscribe = mail!.headers['list-unsubscribe']!;
      const https = /<(https:\/\/wildfire\.example\/api\/updates\/one-click\?[^>]+)>/.exec(unsubscribe)?.[1];
      const mailto = /<(mailto:[^>]+)>/.exec(unsubscribe)?.[1];
      expect(https).toBeDefined();
      expect(mailto).toMatch(/^mailto:unsubscribe@wildfire\.example\?subject=/);
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      // No pixel, nothing per recipient: the body's link carries only the update's campaign
      // (issue 40: its id as utm_campaign, the same for everyone), and the footer has the address.
      expect(mail!.html).not.toMatch(/<img/i);
      expect(mail!.html).toContain(
        `href="https://wildfire.example/scorecard/instructions?utm_source=updates&amp;utm_medium=email&amp;utm_campaign=${first}"`,
      );
      expect(mail!.text).toContain('100 Ember Lane');
      // The link to its web version: its page in the archive, /updates/<UTC day of sending>-<slug>.
      const day = (await h.store.updates.get(first))!.startedAt!.toISOString().slice(0, 10);
      expect(mail!.text).toContain(
        `Read it on the web: https://wildfire.example/updates/${day}-scorecard-pilots-open?utm_source=updates&utm_medium=email&utm_campaign=${first}\n`,
      );

      const path = https!.replace('https://wildfire.example', '');
      const wrong = await request(h.app).post(path).type('form').send('List-Unsubscribe=Yes');
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatch(/List-Unsubscribe=One-Click/);
      expect((await request(h.app).get(path)).status).toBe(303); // a GET only shows the preferences page
      expect((await h.store.subscriptions.get(addressHash('ana@example.org')))?.lists.scorecard?.state).toBe(
        'confirmed',
      );
      for (let i = 0; i < 2; i += 1) {
        const res = await request(h.app).post(path).type('form').send('List-Unsubscribe=One-Click');
        expect(res.status).toBe(200);
      }

      const second = await sendUpdate(h, { subject: 'Second scorecard update', body: 'More news.', list: 'scorecard' });
      expect(await settled(h, second)).toMatchObject({ sent: 1 });
      expect(updatesTo(h, 'ben@example.org', 'Second scorecard update')).toHaveLength(1);
      expect(updatesTo(h, 'ana@example.org', 'Second scorecard update')).toHaveLength(0);

      // The public web version, at a stable address, without personal data.
      const web = await request(h.app).get(`/api/updates/archive/${first}`);
      expect(web.status).toBe(200);
      expect(web.body.html).toContain('<strong>March</strong>');
    });

    it('takes the multipart one-click body RFC 8058 says providers should send, and no other multipart body', async () => {
      await confirmed(h, 'fay@example.org');
      const id = await sendUpdate(h, { subject: 'Multipart one-click', body: 'Hello.', list: 'scorecard' });
      await settled(h, id);
      const [mail] = updatesTo(h, 'fay@example.org', 'Multipart one-click');
      const url = /<https:\/\/wildfire\.example(\/api\/updates\/one-click\?[^>]+)>/.exec(
        mail!.headers['list-unsubscribe']!,
      )?.[1];
      const state = async () =>
        (await h.store.subscriptions.get(addressHash('fay@example.org')))?.lists.scorecard?.state;

      // multipart/form-data with another value, or the value under another name: refused, nothing changes.
      for (const [name, value] of [
        ['List-Unsubscribe', 'Yes'],
        ['Unsubscribe', 'One-Click'],
      ] as const) {
        const refused = await request(h.app).post(url!).field(name, value);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toMatch(/List-Unsubscribe=One-Click/);
      }
      expect(await state()).toBe('confirmed');

      // The provider's form, with a field of its own beside it: the address leaves the list.
      const res = await request(h.app)
        .post(url!)
        .field('provider-reference', 'abc123')
        .field('List-Unsubscribe', 'One-Click');
      expect(res.status).toBe(200);
      expect(await state()).toBe('left');
    });

    it('stops the next update after the preferences page leaves every list; its GET changes nothing', async () => {
      await confirmed(h, 'cleo@example.org', { innovation_showcase: true });
      await confirmed(h, 'dan@example.org');
      const first = await sendUpdate(h, { subject: 'Before leaving', body: 'Hello.', list: 'scorecard' });
      await settled(h, first);
      const { token } = linkIn(updatesTo(h, 'cleo@example.org', 'Before leaving')[0]!, '/updates/preferences');

      const view = await request(h.app).get('/api/updates/preferences').query({ token });
      expect(view.body).toEqual({
        email: 'cleo@example.org',
        lists: [
          { id: 'scorecard', state: 'confirmed', subscribed: true },
          { id: 'showcase', state: 'confirmed', subscribed: true },
        ],
      });
      const left = await request(h.app).post('/api/updates/preferences').send({ token, lists: [] });
      expect(left.status).toBe(200);
      expect(await h.store.suppressions.get(addressHash('cleo@example.org'))).toMatchObject({ reason: 'left' });

      const next = await sendUpdate(h, { subject: 'After leaving', body: 'Hello again.', list: 'scorecard' });
      await settled(h, next);
      expect(updatesTo(h, 'dan@example.org', 'After leaving')).toHaveLength(1);
      expect(updatesTo(h, 'cleo@example.org', 'After leaving')).toHaveLength(0);
      expect(
        (
          await request(h.app)
            .post('/api/updates/preferences')
            .send({ token, lists: ['nope'] })
        ).status,
      ).toBe(400);
    });

    it('keeps an erased address suppressed: only a new confirmed opt-in brings it back', async () => {
      await confirmed(h, 'erin@example.org');
      await confirmed(h, 'finn@example.org');
      const team = await h.team();
      const erased = await teamPost(h.app, team, '/api/team/erase', { email: 'ERIN@example.org' });
      expect(erased.status).toBe(200);
      const id = addressHash('erin@example.org');
      expect(await h.store.subscriptions.get(id)).toBeNull();
      expect(await h.store.suppressions.get(id)).toMatchObject({ id, reason: 'erased' });

      // Signs up again but does not confirm: still nothing.
      const mail = await signUp(h, 'erin@example.org');
      const first = await sendUpdate(h, { subject: 'While suppressed', body: 'Hi.', list: 'scorecard' });
      await settled(h, first);
      expect(updatesTo(h, 'erin@example.org', 'While suppressed')).toHaveLength(0);

      await request(h.app)
        .post('/api/updates/confirm')
        .send({ token: linkIn(mail, '/updates/confirm').token });
      expect(await h.store.suppressions.get(id)).toBeNull();
      const second = await sendUpdate(h, { subject: 'After confirming', body: 'Hi.', list: 'scorecard' });
      await settled(h, second);
      expect(updatesTo(h, 'erin@example.org', 'After confirming')).toHaveLength(1);
    });

    it('suppresses an address the server refuses for good (5xx) and retries one refused for now (4xx)', async () => {
      await confirmed(h, 'gus@example.org');
      // Signed in first: the sign-in link is an email too.
      await h.team();
      h.smtp.mode = 'permanent';
      const first = await sendUpdate(h, { subject: 'Bounces', body: 'Hi.', list: 'scorecard' });
      expect(await settled(h, first)).toMatchObject({ failed: 1, sent: 0 });
      expect(await h.store.suppressions.get(addressHash('gus@example.org'))).toMatchObject({ reason: 'bounced' });

      h.smtp.mode = 'accept';
      await confirmed(h, 'hal@example.org');
      h.smtp.mode = 'temporary';
      const refusedBefore = h.smtp.refused;
      const second = await sendUpdate(h, { subject: 'Deferred', body: 'Hi.', list: 'scorecard' });
      await eventually(() => expect(h.smtp.refused).toBeGreaterThan(refusedBefore));
      h.smtp.mode = 'accept';
      expect(await settled(h, second)).toMatchObject({ sent: 1, suppressed: 1 });
      expect(updatesTo(h, 'hal@example.org', 'Deferred')).toHaveLength(1);
      expect(updatesTo(h, 'gus@example.org', 'Deferred')).toHaveLength(0);
    });

    it('retries an update email whose recipient could not be read in time (a busy store) instead of failing it', async () => {
      await confirmed(h, 'lou@example.org');
      const subscriptions = h.store.subscriptions;
      const get = subscriptions.get.bind(subscriptions);
      let refusals = 1;
      subscriptions.get = async (id) => {
        if (refusals > 0) {
          refusals -= 1;
          throw new StoreUnavailableError('The store did not answer subscriber within 1500 ms.');
        }
        return get(id);
      };
      try {
        const id = await sendUpdate(h, { subject: 'Busy store', body: 'Hi.', list: 'scorecard' });
        expect(await settled(h, id)).toMatchObject({ sent: 1, failed: 0 });
        expect(refusals).toBe(0);
        expect(updatesTo(h, 'lou@example.org', 'Busy store')).toHaveLength(1);
      } finally {
        subscriptions.get = get;
      }
    });

    it('takes the mailto: unsubscribe of List-Unsubscribe when the API receives that address', async () => {
      await confirmed(h, 'ivy@example.org');
      const id = await sendUpdate(h, { subject: 'Mailto', body: 'Hi.', list: 'scorecard' });
      await settled(h, id);
      const mailto = /<mailto:([^?]+)\?subject=([^>]+)>/.exec(
        updatesTo(h, 'ivy@example.org', 'Mailto')[0]!.headers['list-unsubscribe']!,
      )!;
      const inbound = await startInbound({
        port: 0,
        host: '127.0.0.1',
        deps: { store: h.store, clock: h.now, mail: h.worker },
        logger: pino({ level: 'silent' }),
      });
      try {
        const transport = nodemailer.createTransport({
          host: '127.0.0.1',
          port: inbound.port,
          secure: false,
          ignoreTLS: true,
        });
        await transport.sendMail({
          from: 'ivy@example.org',
          to: mailto[1],
          subject: decodeURIComponent(mailto[2]!),
          text: '',
        });
        transport.close();
      } finally {
        await inbound.close();
      }
      expect((await h.store.subscriptions.get(addressHash('ivy@example.org')))?.lists.scorecard?.state).toBe('left');
    });
  });

  describeStore(storeCase, 'updates: the console', () => {
    const h = useUpdatesHarness(storeCase, { perSecond: 20 });
    const post = async (path: string, body: unknown) => {
      const team = await h.team();
      return teamPost(h.app, team, path, body as object);
    };

    it('lets only admins and members with the updates role use Updates and Subscribers', async () => {
      await h.store.members.save('desk@consortium.test', ['inbox'], EDITOR, new Date());
      await h.store.members.save('writer@consortium.test', ['updates'], EDITOR, new Date());
      const desk = await signIn(h.app, h.smtp, 'desk@consortium.test');
      const writer = await signIn(h.app, h.smtp, 'writer@consortium.test');
      for (const path of ['/api/team/updates', '/api/team/subscribers', '/api/team/update-releases']) {
        const refused = await request(h.app).get(path).set('Cookie', desk.cookie);
        expect(refused.status).toBe(403);
        expect(refused.body.error).toMatch(/updates to subscribers/);
        expect((await request(h.app).get(path).set('Cookie', writer.cookie)).status).toBe(200);
      }
      const draft = { subject: 'Not mine', body: 'Hi.', list: 'scorecard' };
      const denied = await teamPost(h.app, desk, '/api/team/updates', draft);
      expect(denied.status).toBe(403);
      expect(await h.store.updates.list()).toEqual([]);
    });

    it('refuses bad input with a clear message and stores nothing', async () => {
      const noSubject = await post('/api/team/updates', { subject: ' ', body: 'Hi', list: 'scorecard' });
      expect(noSubject.status).toBe(400);
      expect(noSubject.body.fields.subject).toBe('Write a subject.');
      for (const body of [
        'Hi <script>alert(1)</script>',
        '[click](javascript:alert(1))',
        '<img src=x onerror=alert(1)>',
      ]) {
        const res = await post('/api/team/updates', { subject: 'S', body, list: 'scorecard' });
        expect(res.status).toBe(400);
        expect(res.body.fields.body).toMatch(/holds script/);
      }
      expect(await h.store.updates.list()).toEqual([]);

      const draft = await post('/api/team/updates', { subject: 'Showcase news', body: 'Hi', list: 'showcase' });
      const id = draft.body.id as string;
      const nobody = await post(`/api/team/updates/${id}/send`, {});
      expect(nobody.status).toBe(409);
      expect(nobody.body.error).toMatch(/Nobody has confirmed/);
      const past = await post(`/api/team/updates/${id}/send`, { at: '2020-01-01T09:00:00Z' });
      expect(past.status).toBe(400);
      expect(past.body.fields.at).toMatch(/passed/);
      expect((await h.store.updates.get(id))?.state).toBe('draft');
    });

    it('starts a draft from a published press release: title, summary, text and a link to its page', async () => {
      const release = (id: string, slug: string, data: Record<string, unknown>, published: boolean) =>
        storeScorecardEntry(h, { id, slug, data, published, type: id.startsWith('faq') ? 'faqEntry' : 'pressRelease' });
      const launch = {
        title: 'Scorecard Launched',
        date: '2024-02-19',
        summary: 'A free self-assessment for communities.',
        body: 'The scorecard is out.\n\nRead [the FAQ](/scorecard/faq) first.',
      };
      await release('pr-launch', 'scorecard-launched', launch, true);
      await release('pr-pilot', 'first-pilot', { ...launch, title: 'First Pilot Funded', date: '2025-03-01' }, true);
      await release('pr-unpublished', 'not-yet', { ...launch, title: 'Not Yet Out', date: '2026-01-01' }, false);
      await release('faq-what', 'what-is-it', { question: 'What is it?', answer: 'A scorecard.' }, true);

      const team = await h.team();
      const choices = await request(h.app).get('/api/team/update-releases').set('Cookie', team.cookie);
      expect(choices.status).toBe(200);
      expect(choices.body.releases.map((choice: { title: string }) => choice.title)).toEqual([
        'First Pilot Funded',
        'Scorecard Launched',
      ]);

      const started = await post('/api/team/update-releases', { slug: 'scorecard-launched', list: 'scorecard' });
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({
        subject: 'Scorecard Launched',
        list: 'scorecard',
        state: 'draft',
        fromRelease: 'scorecard-launched',
      });
      const body = started.body.body as string;
      expect(body).toContain('A free self-assessment for communities.');
      expect(body).toContain('The scorecard is out.');
      // Links in an email need the site's address; the release's own page is linked at the end.
      expect(body).toContain(`[the FAQ](${h.config.siteOrigin}/scorecard/faq)`);
      expect(body).toMatch(new RegExp(`\\(${h.config.siteOrigin}/scorecard/news/scorecard-launched\\)$`));
      expect((await h.store.updates.get(started.body.id))?.fromRelease).toBe('scorecard-launched');
      const preview = await post('/api/team/update-preview', {
        subject: started.body.subject,
        body,
        list: 'scorecard',
      });
      // The preview has no update id yet: its links carry the placeholder campaign "preview".
      expect(preview.body.html).toContain(
        `href="${h.config.siteOrigin}/scorecard/news/scorecard-launched?utm_source=updates&amp;utm_medium=email&amp;utm_campaign=preview"`,
      );

      for (const slug of ['not-yet', 'what-is-it', 'no-such-release']) {
        const refused = await post('/api/team/update-releases', { slug, list: 'scorecard' });
        expect(refused.status).toBe(404);
        expect(refused.body.error).toMatch(/No published press release/);
      }
      const noChoice = await post('/api/team/update-releases', { slug: '', list: 'scorecard' });
      expect(noChoice.status).toBe(400);
      expect(noChoice.body.fields.slug).toBe('Choose a press release.');
      expect(await h.store.updates.list()).toHaveLength(1);
    });

    it('previews, tests, schedules, pauses, resumes and cancels, each audited; counts and export subscribers', async () => {
      await confirmed(h, 'jo@example.org');
      await confirmedReaders(
        h,
        Array.from({ length: 40 }, (_, i) => `reader${i}@example.org`),
      );
      const preview = await post('/api/team/update-preview', {
        subject: 'Preview',
        body: '# Title',
        list: 'scorecard',
      });
      // The site's one Markdown pipeline: a body's headings start at h3 (the subject is the title).
      expect(preview.body.html).toContain('<h3>Title</h3>');
      expect(preview.body.text).toContain('Choose your lists or leave');

      const draft = await post('/api/team/updates', {
        subject: 'Paced',
        body: 'Forty-one readers.',
        list: 'scorecard',
      });
      const id = draft.body.id as string;
      // A route that takes no body refuses one with fields, as its documented schema says.
      expect((await post(`/api/team/updates/${id}/test`, { to: 'someone@example.org' })).status).toBe(400);
      expect((await post(`/api/team/updates/${id}/test`, {})).status).toBe(200);
      await eventually(() => expect(h.smtp.messages.some((mail) => mail.subject === '[Test] Paced')).toBe(true));

      const at = new Date(h.now().getTime() + 60_000).toISOString();
      expect((await post(`/api/team/updates/${id}/send`, { at })).body.state).toBe('scheduled');
      h.advance(61_000);
      await eventually(async () => expect((await h.store.updates.get(id))?.state).toBe('sending'));
      expect((await post(`/api/team/updates/${id}/pause`, {})).body.state).toBe('paused');
      // What the records say the moment pause has answered: only the emails claimed then may still go out.
      const atPause = await deliveriesOf(h, id);
      const claimedAtPause = atPause.filter((delivery) => delivery.claimed).map((delivery) => delivery.id);
      const sentAtPause = atPause.filter((delivery) => delivery.status === 'sent').map((delivery) => delivery.id);
      await eventually(async () => expect((await deliveriesOf(h, id)).filter((d) => d.claimed)).toEqual([]));
      // Further rounds of the worker and the sender, well past the pace (UPDATES_RATE, 20 a second here).
      for (let round = 0; round < 3; round += 1) {
        h.advance(1000);
        await h.sender.poke();
        await h.worker.idle();
      }
      const whilePaused = await deliveriesOf(h, id);
      const sentWhilePaused = whilePaused
        .filter((delivery) => delivery.status === 'sent')
        .map((delivery) => delivery.id);
      expect(sentWhilePaused.filter((sent) => !sentAtPause.includes(sent) && !claimedAtPause.includes(sent))).toEqual(
        [],
      );
      expect(whilePaused.filter((delivery) => delivery.status === 'pending').length).toBeGreaterThan(0);
      expect((await h.store.updates.get(id))?.state).toBe('paused');
      expect(h.smtp.messages.filter((m) => m.subject === 'Paced')).toHaveLength(sentWhilePaused.length);

      expect((await post(`/api/team/updates/${id}/resume`, {})).body.state).toBe('sending');
      // Resumed: sending starts again (one more email on record), then it is cancelled part-way.
      await eventually(async () =>
        expect((await h.store.deliveries.counts(id)).sent).toBeGreaterThan(sentWhilePaused.length),
      );
      const cancelled = await post(`/api/team/updates/${id}/cancel`, {});
      expect(cancelled.body.state).toBe('cancelled');
      const counts = cancelled.body.counts as { sent: number; cancelled: number; queued: number };
      expect(counts.sent + counts.cancelled + counts.queued).toBe(41);
      expect(counts.cancelled).toBeGreaterThan(0);
      // Cancelled: the emails in flight then may finish, no round after sends another. Cancel settles
      // a claimed delivery too (as cancelled), so the records cannot name those in flight; the lane's
      // own limit of claims at once bounds them.
      const receivedAtCancel = h.smtp.messages.filter((m) => m.subject === 'Paced').length;
      await eventually(async () => expect((await deliveriesOf(h, id)).filter((d) => d.claimed)).toEqual([]));
      for (let round = 0; round < 3; round += 1) {
        h.advance(1000);
        await h.sender.poke();
        await h.worker.idle();
      }
      const final = await h.store.deliveries.counts(id);
      expect(h.smtp.messages.filter((m) => m.subject === 'Paced').length).toBeLessThanOrEqual(
        receivedAtCancel + UPDATE_MAX_IN_FLIGHT,
      );
      expect(final).toMatchObject({ queued: 0, failed: 0 });
      expect(final.sent + final.cancelled).toBe(41);

      const updateActions = [
        'update-test',
        'update-send',
        'update-schedule',
        'update-pause',
        'update-resume',
        'update-cancel',
        'update-withdraw',
      ] as const;
      const audited = await h.store.audit.page({ offset: 0, limit: 50, actions: updateActions });
      // Newest first; each names the update and who did it.
      expect(audited.entries.map((entry) => entry.action).reverse()).toEqual([
        'update-test',
        'update-schedule',
        'update-pause',
        'update-resume',
        'update-cancel',
      ]);
      expect(audited.entries.every((entry) => entry.target === id && entry.by === EDITOR)).toBe(true);

      const team = await h.team();
      const subscribers = await request(h.app)
        .get('/api/team/subscribers')
        .query({ q: 'JO@' })
        .set('Cookie', team.cookie);
      expect(subscribers.body.counts).toContainEqual({ list: 'scorecard', confirmed: 41, pending: 0, left: 0 });
      expect(subscribers.body.rows).toEqual([
        expect.objectContaining({ email: 'jo@example.org', lists: [{ id: 'scorecard', state: 'confirmed' }] }),
      ]);
      const csv = await request(h.app)
        .get('/api/team/subscribers/export')
        .query({ format: 'csv' })
        .set('Cookie', team.cookie);
      expect(csv.status).toBe(200);
      expect(csv.text).toContain('"jo@example.org"');
      expect(csv.text).toContain(CONTACT_UPDATES_LABEL);
    });

    it('gives each subscriber one copy when two replicas send the same update', async () => {
      await h.replica();
      const readers = Array.from({ length: 60 }, (_, i) => `replicated${i}@example.org`);
      await confirmedReaders(h, readers);
      const id = await sendUpdate(h, {
        subject: 'Two replicas',
        body: 'Sixty readers, one copy each.',
        list: 'scorecard',
      });
      const counts = await settled(h, id);
      expect(counts.sent).toBe(60);
      const received = h.smtp.messages.filter((mail) => mail.subject === 'Two replicas');
      expect(received.map((mail) => mail.envelope.to.join(',')).sort()).toEqual([...readers].sort());
    });

    it('never lets updates delay a notification', async () => {
      await confirmed(h, 'kai@example.org');
      await confirmedReaders(
        h,
        Array.from({ length: 60 }, (_, i) => `queue${i}@example.org`),
      );
      const id = await sendUpdate(h, {
        subject: 'Backlog',
        body: 'Sixty-one readers at 20 a second.',
        list: 'scorecard',
      });
      await eventually(() => expect(h.smtp.messages.filter((m) => m.subject === 'Backlog').length).toBeGreaterThan(5));
      expect(
        (await submit(h.app, 'sponsor', { ...person('urgent@example.org'), organization: 'Urgent Co' })).status,
      ).toBe(200);
      const notification = await eventually(() => {
        const found = h.smtp.messages.find((m) => /Urgent Co/.test(m.subject ?? ''));
        expect(found).toBeDefined();
        return found!;
      });
      const updatesBefore = h.smtp.messages.filter((m) => m.subject === 'Backlog' && m.seq < notification.seq).length;
      expect(updatesBefore).toBeLessThan(40);
      await settled(h, id);
    });
  });
}
