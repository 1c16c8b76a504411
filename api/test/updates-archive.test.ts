// The public archive of sent updates and the Atom feeds (issue 38 item 2): what the archive lists,
// each update's address, the email's links to it, withdrawal from the console, and feeds a parser
// from the ecosystem reads as valid Atom.
import request from 'supertest';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import type { ReceivedMail } from '../../test-support/smtp/server';
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
import { eventually } from './helpers/notify';

jest.setTimeout(60_000);

const ORIGIN = 'https://wildfire.example';

async function confirmed(h: UpdatesHarness, email: string): Promise<void> {
  expect((await submit(h.app, 'subscribe', person(email))).status).toBe(200);
  let mail: ReceivedMail | undefined;
  await eventually(() => {
    mail = h.smtp.messages.find((m) => m.envelope.to.includes(email) && /confirm/i.test(m.subject ?? ''));
    expect(mail).toBeDefined();
  });
  const { token } = linkIn(mail!, '/updates/confirm');
  expect((await request(h.app).post('/api/updates/confirm').send({ token })).status).toBe(200);
}

async function delivered(h: UpdatesHarness, email: string, subject: string): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined;
  await eventually(() => {
    mail = h.smtp.messages.find((m) => m.envelope.to.includes(email) && m.subject === subject);
    expect(mail).toBeDefined();
  });
  return mail!;
}

const utcDay = async (h: UpdatesHarness, id: string) =>
  (await h.store.updates.get(id))!.startedAt!.toISOString().slice(0, 10);

/** Valid XML, and Atom as a feed reader reads it. */
function parsedAtom(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const feed = parseFeed(xml);
  expect(feed.meta.type).toBe('atom');
  expect(feed.meta.version).toBe('1.0');
  return feed;
}

for (const storeCase of storeCases) {
  describeStore(storeCase, 'updates: the public archive and its feeds', () => {
    const h = useUpdatesHarness(storeCase);
    const post = async (path: string) => {
      const team = await h.team();
      return teamPost(h.app, team, path);
    };

    it('lists every sent update newest first at /updates/<date>-<slug>; the email links there and to /updates', async () => {
      await confirmed(h, 'ana@example.org');
      const first = await sendUpdate(h, {
        subject: 'Pilots: open in March!',
        body: 'Pilots start in **March**.',
        list: 'scorecard',
      });
      h.advance(60_000);
      const second = await sendUpdate(h, {
        subject: 'Pilots: open in March!',
        body: 'A second word.',
        list: 'scorecard',
      });
      await teamPost(h.app, await h.team(), '/api/team/updates', {
        subject: 'A draft nobody sees',
        body: 'Not sent.',
        list: 'scorecard',
      });

      const day = await utcDay(h, first);
      const listed = await request(h.app).get('/api/updates/archive');
      expect(listed.status).toBe(200);
      // Newest first; a namesake sent the same day gets "-2"; the draft is not there.
      expect(listed.body.updates).toEqual([
        expect.objectContaining({
          id: second,
          path: `/updates/${day}-pilots-open-in-march-2`,
          summary: 'A second word.',
        }),
        expect.objectContaining({
          id: first,
          path: `/updates/${day}-pilots-open-in-march`,
          summary: 'Pilots start in March.',
        }),
      ]);

      await delivered(h, 'ana@example.org', 'Pilots: open in March!');
      await eventually(() =>
        expect(h.smtp.messages.filter((m) => m.subject === 'Pilots: open in March!')).toHaveLength(2),
      );
      // Each email links its own page, with its update's campaign (issue 40: the id, nothing personal).
      for (const [text, path, id] of [
        ['Pilots start in', `/updates/${day}-pilots-open-in-march`, first],
        ['A second word.', `/updates/${day}-pilots-open-in-march-2`, second],
      ] as const) {
        const mail = h.smtp.messages.find((m) => m.subject === 'Pilots: open in March!' && m.text?.includes(text))!;
        const campaign = `utm_source=updates&utm_medium=email&utm_campaign=${id}`;
        expect(mail.headers['list-archive']).toBe(`<${ORIGIN}/updates>`);
        expect(mail.text).toContain(`Read it on the web: ${ORIGIN}${path}?${campaign}\n`);
        expect(mail.html).toContain(`href="${ORIGIN}${path}?${campaign.replaceAll('&', '&amp;')}"`);
      }

      const one = await request(h.app).get(`/api/updates/archive/${first}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        subject: 'Pilots: open in March!',
        path: `/updates/${day}-pilots-open-in-march`,
      });
      expect(one.body.html).toContain('<strong>March</strong>');
      // The console links each sent update's page.
      const view = await request(h.app)
        .get(`/api/team/updates/${first}`)
        .set('Cookie', (await h.team()).cookie);
      expect(view.body.webVersion).toBe(`/updates/${day}-pilots-open-in-march`);
    });

    it('withdraws a sent update from the archive, its feed and its page, audited; an unsent one is refused', async () => {
      await confirmed(h, 'ben@example.org');
      const kept = await sendUpdate(h, { subject: 'Kept', body: 'Stays.', list: 'scorecard' });
      const gone = await sendUpdate(h, { subject: 'Withdrawn later', body: 'Goes.', list: 'scorecard' });
      const draft = await teamPost(h.app, await h.team(), '/api/team/updates', {
        subject: 'Draft',
        body: 'Not sent.',
        list: 'scorecard',
      });

      const refused = await post(`/api/team/updates/${draft.body.id as string}/withdraw`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/sent/);
      expect((await post('/api/team/updates/nosuchupdate/withdraw')).status).toBe(404);

      const withdrawn = await post(`/api/team/updates/${gone}/withdraw`);
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.withdrawnAt).toEqual(expect.any(String));
      expect(withdrawn.body.webVersion).toBeNull();

      const listed = await request(h.app).get('/api/updates/archive');
      expect(listed.body.updates.map((update: { id: string }) => update.id)).toEqual([kept]);
      expect((await request(h.app).get(`/api/updates/archive/${gone}`)).status).toBe(404);
      const feed = parsedAtom((await request(h.app).get('/api/updates/feeds/updates.atom')).text);
      expect(feed.items.map((item) => item.title)).toEqual(['Kept']);

      const audited = await h.store.audit.page({ offset: 0, limit: 10, actions: ['update-withdraw'] });
      expect(audited.entries).toEqual([
        expect.objectContaining({ action: 'update-withdraw', target: gone, by: EDITOR }),
      ]);

      // Without the updates role: refused, and nothing changes.
      await h.store.members.save('desk@consortium.test', ['inbox'], EDITOR, new Date());
      const desk = await signIn(h.app, h.smtp, 'desk@consortium.test');
      const denied = await teamPost(h.app, desk, `/api/team/updates/${kept}/withdraw`);
      expect(denied.status).toBe(403);
      expect((await h.store.updates.get(kept))?.withdrawnAt ?? null).toBeNull();
    });

    it('writes an Atom feed of the sent updates, every text escaped, that a feed parser reads', async () => {
      await confirmed(h, 'cy@example.org');
      const subject = 'Fire & <b>ice</b> "quoted"';
      const id = await sendUpdate(h, {
        subject,
        body: 'Read [the FAQ](https://wildfire.example/scorecard/faq) & more.',
        list: 'scorecard',
      });
      const res = await request(h.app).get('/api/updates/feeds/updates.atom');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      // The API's own security headers, as on every answer.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.text).not.toContain('<b>ice</b>');

      const feed = parsedAtom(res.text);
      expect(feed.title).toBe('Updates from the Wildfire Prevention Consortium');
      expect(feed.self).toBe(`${ORIGIN}/updates/feed.atom`);
      expect(feed.url).toBe(`${ORIGIN}/updates`);
      expect(feed.authors.map((author) => author.name)).toEqual(['Wildfire Prevention Consortium']);
      const day = await utcDay(h, id);
      const [item] = feed.items;
      expect(feed.items).toHaveLength(1);
      expect(item).toMatchObject({
        title: subject,
        id: `${ORIGIN}/updates/${day}-fire-and-b-ice-b-quoted`,
        url: `${ORIGIN}/updates/${day}-fire-and-b-ice-b-quoted`,
      });
      expect(item!.published?.toISOString()).toBe((await h.store.updates.get(id))!.startedAt!.toISOString());
      expect(item!.content).toContain('<a href="https://wildfire.example/scorecard/faq">the FAQ</a>');
      expect(item!.description).toBe(
        'Scorecard updates: Read the FAQ (https://wildfire.example/scorecard/faq) & more.',
      );
    });

    it('writes an Atom feed of the published press releases, newest release first, drafts and other types left out', async () => {
      const at = new Date('2026-11-20T09:00:00Z');
      const entry = (id: string, type: string, slug: string, data: Record<string, unknown>, published: boolean) =>
        storeScorecardEntry(h, { id, type, slug, data, published }, at);
      const release = (title: string, date: string) => ({
        title,
        date,
        summary: `${title} <summary>`,
        body: `**${title}** text.`,
      });
      await entry('pr-old', 'pressRelease', 'scorecard-launched', release('Scorecard Launched', '2024-02-19'), true);
      await entry('pr-new', 'pressRelease', 'first-pilot', release('First Pilot Funded', '2025-03-01'), true);
      await entry('pr-draft', 'pressRelease', 'not-yet', release('Not Yet Out', '2026-01-01'), false);
      await entry('faq-what', 'faqEntry', 'what-is-it', { question: 'What is it?', answer: 'A scorecard.' }, true);

      const res = await request(h.app).get('/api/updates/feeds/press-releases.atom');
      expect(res.status).toBe(200);
      const feed = parsedAtom(res.text);
      expect(feed.title).toBe('Scorecard press releases');
      expect(feed.self).toBe(`${ORIGIN}/scorecard/news/feed.atom`);
      expect(feed.items.map((item) => [item.title, item.url, item.description])).toEqual([
        ['First Pilot Funded', `${ORIGIN}/scorecard/news/first-pilot`, 'First Pilot Funded <summary>'],
        ['Scorecard Launched', `${ORIGIN}/scorecard/news/scorecard-launched`, 'Scorecard Launched <summary>'],
      ]);
      expect(feed.items[0]!.content).toContain('<strong>First Pilot Funded</strong>');
      expect(feed.updated?.toISOString()).toBe(at.toISOString());
    });
  });
}
