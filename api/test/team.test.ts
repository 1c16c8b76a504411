import { Writable } from 'node:stream';
import type { Express } from 'express';
import pino from 'pino';
import readXlsxFile from 'read-excel-file/node';
import request from 'supertest';
import { unzip } from '../../test-support/unzip';
import { createApp } from '../src/app';
import type { ApiConfig } from '../src/config';
import type { NewSubmission, StoredSubmission, Store } from '../src/store';
import { teamJobs } from '../src/team/housekeeping';
import { signInLinks } from '../src/team/sign-in';
import { SESSION_COOKIE, tokenHash } from '../src/team/session';
import { testConfig } from './helpers/config';
import { useHarness } from './helpers/harness';
import { parseCsv } from '../../test-support/csv';
import { formulaCells } from './helpers/spreadsheet-csv';
import { describeStore, embeddedCase, storeCases } from './helpers/stores';
import { useTestMail } from './helpers/mail-server';
import { eventually } from './helpers/notify';
import type { Mailer } from '../src/mail/transport';
import { DEFAULT_SMTP_TIMEOUTS } from '../src/mail/timeouts';
import { linkToken, requestLink, signIn, startSession, type SignedIn, teamPost } from './helpers/team';

const TEAM = 'coordinator@consortium.test';
const COLLEAGUE = 'Second.Member@Consortium.test';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

const testMail = useTestMail();
beforeEach(() => testMail.smtp.clear());

/** A clock the test moves on. */
function testClock(start = Date.UTC(2025, 5, 1, 9)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function submission(overrides: Partial<NewSubmission> & { fields?: NewSubmission['fields'] }): NewSubmission {
  return {
    form: 'contact',
    variant: 'contact',
    page: '/contact-us',
    files: [],
    receivedAt: new Date('2025-03-01T10:00:00Z'),
    ...overrides,
    fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', ...overrides.fields },
  } as NewSubmission;
}

for (const storeCase of storeCases) {
  describeStore(storeCase, 'team console API', () => {
    const h = useHarness(storeCase);
    let clock: ReturnType<typeof testClock>;
    let app: Express;
    let config: ApiConfig;

    beforeEach(async () => {
      clock = testClock();
      config = await testConfig({ teamEmails: [TEAM, COLLEAGUE.toLowerCase()], siteOrigin: 'https://www.example.org' });
      app = createApp({ store: h.store, config, mailer: testMail.mailer, clock: clock.now });
    });

    const as = (session: SignedIn) => ({
      get: (url: string) => request(app).get(url).set('Cookie', session.cookie),
      post: (url: string, body?: object) => teamPost(app, session, url, body),
    });

    describe('sign-in by emailed link', () => {
      it('mails a listed address a link to the console; an unlisted one gets the same answer and no email', async () => {
        const unlisted = await request(app).post('/api/team/sign-in').send({ email: 'stranger@example.org' });
        const listed = await request(app).post('/api/team/sign-in').send({ email: COLLEAGUE });
        expect(unlisted.status).toBe(202);
        expect(listed.status).toBe(202);
        expect(unlisted.body).toEqual(listed.body);
        const [mail] = await testMail.smtp.waitForMessages(1);
        // A later link, asked for once the first has arrived, comes in after any email for the stranger would have.
        await request(app).post('/api/team/sign-in').send({ email: TEAM });
        await testMail.smtp.waitForMessages(2);
        expect(testMail.smtp.messages.map((sent) => sent.envelope.to)).toEqual([[COLLEAGUE.toLowerCase()], [TEAM]]);
        expect(mail!.envelope.to).toEqual([COLLEAGUE.toLowerCase()]);
        expect(mail!.text).toContain(`https://www.example.org/team/sign-in#token=${linkToken(mail!)}`);
        expect(mail!.html).toContain(`href="https://www.example.org/team/sign-in#token=${linkToken(mail!)}"`);
      });

      it('sends one address at most 3 links per 15 minutes, counted in the store: two replicas share the count', async () => {
        const sent: string[] = [];
        const counting: Mailer = {
          send: async (mail) => {
            sent.push(mail.to[0]!);
            return { messageId: '<x@example.org>', response: '250 OK' };
          },
          close: () => undefined,
          timeouts: DEFAULT_SMTP_TIMEOUTS,
        };
        const replica = () =>
          signInLinks({
            store: h.store,
            accessOf: async (email) => (email === TEAM ? { admin: true, roles: [] } : null),
            siteOrigin: 'https://www.example.org',
            production: false,
            mailer: counting,
            logger: pino({ level: 'silent' }),
            clock: () => new Date(clock.now()),
          });
        const [first, second] = [replica(), replica()];
        for (let index = 0; index < 6; index += 1) await (index % 2 ? second : first).request(TEAM);
        expect(sent).toEqual([TEAM, TEAM, TEAM]);
      });

      it('refuses what is not an email address, naming the field', async () => {
        const res = await request(app).post('/api/team/sign-in').send({ email: 'not an address' });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields)).toEqual(['email']);
        expect((await request(app).post('/api/team/sign-in').type('form').send('email=a@b.org')).status).toBe(415);
      });

      it('a link works once, and starts a session with an HttpOnly, SameSite=Strict cookie for the team API', async () => {
        const token = await requestLink(app, testMail.smtp, TEAM);
        const session = await startSession(app, token);
        expect(session.setCookie).toMatch(/^wpc_team_session=[A-Za-z0-9_-]{43};/);
        expect(session.setCookie).toMatch(/; HttpOnly/);
        expect(session.setCookie).toMatch(/; SameSite=Strict/);
        expect(session.setCookie).toMatch(/; Path=\/api\/team/);
        expect(session.setCookie).not.toMatch(/; Secure/); // http://localhost outside production
        const again = await request(app).post('/api/team/session').send({ token });
        expect(again.status).toBe(401);
        expect(again.body.error).toMatch(/expired or was already used/);
        const who = await as(session).get('/api/team/session');
        expect(who.status).toBe(200);
        expect(who.body).toEqual({
          signedIn: true,
          email: TEAM,
          csrfToken: session.csrfToken,
          admin: true,
          roles: [],
          freshUntil: new Date(clock.now() + 15 * MINUTE).toISOString(),
        });
      });

      it('stores only the hash of a link: the token itself opens nothing in the store', async () => {
        const token = await requestLink(app, testMail.smtp, TEAM);
        expect(await h.store.sessions.takeSignInToken(token, new Date(clock.now()))).toBeNull();
        await startSession(app, token); // still valid: nothing was found or taken under the raw token
      });

      it('a link expires after 15 minutes', async () => {
        const inTime = await requestLink(app, testMail.smtp, TEAM);
        clock.advance(15 * MINUTE - 1000);
        await startSession(app, inTime);
        const late = await requestLink(app, testMail.smtp, TEAM);
        clock.advance(15 * MINUTE);
        expect((await request(app).post('/api/team/session').send({ token: late })).status).toBe(401);
      });

      // Issue 38 item 4.
      it('a new link ends the address’s earlier unused links; another address’s link stays', async () => {
        const earlier = await requestLink(app, testMail.smtp, TEAM);
        const colleagues = await requestLink(app, testMail.smtp, COLLEAGUE);
        const newer = await requestLink(app, testMail.smtp, TEAM);
        const refused = await request(app).post('/api/team/session').send({ token: earlier });
        expect(refused.status).toBe(401);
        expect(refused.body.error).toMatch(/expired or was already used/);
        await startSession(app, newer);
        await startSession(app, colleagues);
      });

      it('a link of an address no longer in TEAM_EMAILS does not sign in', async () => {
        const token = await requestLink(app, testMail.smtp, COLLEAGUE);
        const narrowed = createApp({
          store: h.store,
          config: { ...config, teamEmails: [TEAM] },
          mailer: testMail.mailer,
          clock: clock.now,
        });
        expect((await request(narrowed).post('/api/team/session').send({ token })).status).toBe(401);
      });

      it('secure cookies in production', async () => {
        const production = createApp({
          store: h.store,
          config: { ...config, nodeEnv: 'production' },
          mailer: testMail.mailer,
          clock: clock.now,
        });
        const token = await requestLink(production, testMail.smtp, TEAM);
        const res = await request(production).post('/api/team/session').send({ token });
        expect(String(res.headers['set-cookie']?.[0])).toMatch(/; Secure/);
      });
    });

    describe('sessions', () => {
      it('end after 12 hours without a request, and are kept alive by requests', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        clock.advance(11 * HOUR);
        expect((await as(session).get('/api/team/submissions')).status).toBe(200);
        clock.advance(11 * HOUR);
        expect((await as(session).get('/api/team/submissions')).status).toBe(200);
        clock.advance(12 * HOUR);
        const ended = await as(session).get('/api/team/submissions');
        expect(ended.status).toBe(401);
        // Ended for good, not only while idle.
        clock.advance(-12 * HOUR);
        expect((await as(session).get('/api/team/session')).body).toEqual({ signedIn: false });
      });

      it('end 7 days after the link was used, however busy they are', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        // A request every 6 hours, the last a minute before the 7 days are up: each one is served.
        for (let hours = 6; hours < 7 * 24; hours += 6) {
          clock.advance(6 * HOUR);
          expect((await as(session).get('/api/team/submissions')).status).toBe(200);
        }
        clock.advance(6 * HOUR - MINUTE);
        expect((await as(session).get('/api/team/submissions')).status).toBe(200);
        clock.advance(MINUTE);
        expect((await as(session).get('/api/team/submissions')).status).toBe(401);
        expect((await as(session).get('/api/team/session')).body).toEqual({ signedIn: false });
      });

      it('past 7 days, are forgotten by the housekeeping sweep even if no request comes', async () => {
        const session = await signIn(app, testMail.smtp, COLLEAGUE);
        const stored = tokenHash(session.cookie.slice(`${SESSION_COOKIE}=`.length));
        // Busy (never idle for 12 hours) until 10 minutes before its 7 days are up, then past them
        // with no request: only the sweep can forget it.
        for (let hours = 6; hours < 7 * 24; hours += 6) {
          clock.advance(6 * HOUR);
          await as(session).get('/api/team/session');
        }
        clock.advance(6 * HOUR - 10 * MINUTE);
        expect((await as(session).get('/api/team/session')).body).toMatchObject({ signedIn: true });
        clock.advance(20 * MINUTE);
        expect(await h.store.sessions.find(stored)).not.toBeNull();
        await teamJobs(h.store, config)[0]!.run(new Date(clock.now()));
        expect(await h.store.sessions.find(stored)).toBeNull();
      });

      it('end everywhere at once on "sign out everywhere", only for that address, audited', async () => {
        const laptop = await signIn(app, testMail.smtp, TEAM);
        const phone = await signIn(app, testMail.smtp, TEAM);
        const colleague = await signIn(app, testMail.smtp, COLLEAGUE);
        // A link asked for (on a shared computer, say) and not followed ends too.
        const unused = await requestLink(app, testMail.smtp, TEAM);
        const colleaguesUnused = await requestLink(app, testMail.smtp, COLLEAGUE);
        const res = await as(phone).post('/api/team/sign-out-everywhere');
        expect(res.status).toBe(200);
        expect(String(res.headers['set-cookie'])).toMatch(/wpc_team_session=;/);
        for (const ended of [laptop, phone]) {
          expect((await as(ended).get('/api/team/session')).body).toEqual({ signedIn: false });
          expect((await as(ended).get('/api/team/submissions')).status).toBe(401);
        }
        expect((await as(colleague).get('/api/team/submissions')).status).toBe(200);
        expect((await request(app).post('/api/team/session').send({ token: unused })).status).toBe(401);
        await startSession(app, colleaguesUnused);
        const audit = (await h.store.audit.page({ offset: 0, limit: 10, actions: ['sign-out-everywhere'] })).entries;
        expect(audit).toEqual([expect.objectContaining({ by: TEAM, counts: { sessions: 2, links: 1 } })]);
      });

      it('need a fresh link for exports and erasure: 15 minutes after the link was used, they are refused until a new one is used', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        expect((await as(session).get('/api/team/session')).body.freshUntil).toBe(
          new Date(clock.now() + 15 * MINUTE).toISOString(),
        );
        expect((await as(session).get('/api/team/export?format=csv')).status).toBe(200);
        clock.advance(15 * MINUTE);
        // Still signed in for everything else.
        expect((await as(session).get('/api/team/submissions')).status).toBe(200);
        for (const res of [
          await as(session).get('/api/team/export?format=csv'),
          await as(session).get('/api/team/export?format=xlsx'),
          await as(session).post('/api/team/erase', { email: 'ada@example.org' }),
        ]) {
          expect(res.status).toBe(403);
          expect(res.body.error).toMatch(/fresh sign-in/);
        }
        expect((await h.store.audit.page({ offset: 0, limit: 10, actions: ['export', 'erase'] })).total).toBe(1);
        const again = await signIn(app, testMail.smtp, TEAM);
        expect((await as(again).get('/api/team/export?format=csv')).status).toBe(200);
        expect((await as(again).post('/api/team/erase', { email: 'ada@example.org' })).status).toBe(200);
      });

      it('end on sign-out, with the address’s unused links', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        const unused = await requestLink(app, testMail.smtp, TEAM);
        const colleaguesUnused = await requestLink(app, testMail.smtp, COLLEAGUE);
        expect((await as(session).post('/api/team/sign-out')).status).toBe(200);
        expect((await request(app).post('/api/team/session').send({ token: unused })).status).toBe(401);
        await startSession(app, colleaguesUnused);
        expect((await as(session).get('/api/team/session')).body).toEqual({ signedIn: false });
        expect((await as(session).get('/api/team/submissions')).status).toBe(401);
      });
    });

    describe('CSRF', () => {
      it('refuses every change without the session’s token', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        const stored = await h.store.submissions.insert(submission({}));
        const review = `/api/team/submissions/${stored.id}/review`;
        const send = (url: string, body: object, token?: string) => {
          const req = request(app).post(url).set('Cookie', session.cookie);
          if (token !== undefined) req.set('X-CSRF-Token', token);
          return req.send(body);
        };
        for (const token of [undefined, '', 'x'.repeat(43)]) {
          expect((await send(review, { status: 'done' }, token)).status).toBe(403);
          expect((await send('/api/team/erase', { email: 'ada@example.org' }, token)).status).toBe(403);
          expect((await send('/api/team/sign-out', {}, token)).status).toBe(403);
        }
        // Nothing changed, nothing erased, still signed in.
        expect((await as(session).get(`/api/team/submissions/${stored.id}`)).body.review.status).toBe('new');
        expect((await send(review, { status: 'done' }, session.csrfToken)).status).toBe(200);
      });
    });

    describe('inbox', () => {
      it('lists every submission newest first in pages, with filters, search and counts per kind', async () => {
        const base = Date.UTC(2025, 0, 1);
        for (let i = 0; i < 30; i += 1) {
          await h.store.submissions.insert(
            submission({
              form: i % 3 === 0 ? 'sponsor' : 'contact',
              variant: i % 3 === 0 ? 'sponsor' : 'contact',
              receivedAt: new Date(base + i * 24 * HOUR),
              fields: {
                firstName: `Person${i}`,
                email: `p${i}@example.org`,
                organization: i === 7 ? 'Ridge Valley Council' : 'Org',
              },
            }),
          );
        }
        const session = await signIn(app, testMail.smtp, TEAM);
        const first = await as(session).get('/api/team/submissions');
        expect(first.status).toBe(200);
        expect(first.body.total).toBe(30);
        expect(first.body.rows).toHaveLength(25);
        expect(first.body.rows[0]).toMatchObject({
          form: 'contact',
          name: 'Person29 Lovelace',
          email: 'p29@example.org',
          organization: 'Org',
          status: 'new',
          receivedAt: new Date(base + 29 * 24 * HOUR).toISOString(),
        });
        expect(first.body.counts).toMatchObject({ sponsor: 10, contact: 20, download: 0 });
        const second = await as(session).get('/api/team/submissions?page=2');
        expect(second.body.rows.map((row: { name: string }) => row.name)).toEqual(
          [4, 3, 2, 1, 0].map((i) => `Person${i} Lovelace`),
        );

        const sponsors = await as(session).get('/api/team/submissions?form=sponsor&from=2025-01-10&to=2025-01-19');
        // Days 9..18 (1 January is day 0): sponsors on days 9, 12, 15, 18; the counts ignore the kind filter.
        expect(sponsors.body.rows.map((row: { name: string }) => row.name)).toEqual(
          [18, 15, 12, 9].map((i) => `Person${i} Lovelace`),
        );
        expect(sponsors.body.counts).toMatchObject({ sponsor: 4, contact: 6 });
        expect(sponsors.body.total).toBe(4);

        const search = await as(session).get('/api/team/submissions?q=ridge%20COUNCIL');
        expect(search.body.rows.map((row: { email: string }) => row.email)).toEqual(['p7@example.org']);
        expect((await as(session).get('/api/team/submissions?q=P12@EXAMPLE')).body.total).toBe(1);
        // A search with a kind: the total is that kind's matches, the counts every kind's (Person1, Person10-19).
        const searched = await as(session).get('/api/team/submissions?q=person1&form=sponsor');
        expect(searched.body.total).toBe(3);
        expect(searched.body.counts).toMatchObject({ sponsor: 3, contact: 8, download: 0 });

        const [done] = first.body.rows as { id: string }[];
        await as(session).post(`/api/team/submissions/${done!.id}/review`, { status: 'done' });
        expect(
          (await as(session).get('/api/team/submissions?status=done')).body.rows.map((row: { id: string }) => row.id),
        ).toEqual([done!.id]);
        expect((await as(session).get('/api/team/submissions?status=new')).body.total).toBe(29);
        expect((await as(session).get('/api/team/submissions?status=in-progress')).body.total).toBe(0);
      });

      it('keeps all of 20 reviews sent at once: each answers 200 and has its entry in the history', async () => {
        const stored = await h.store.submissions.insert(submission({}));
        const session = await signIn(app, testMail.smtp, TEAM);
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            as(session).post(`/api/team/submissions/${stored.id}/review`, { note: `Called back, try ${index}` }),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(200));
        const { body } = await as(session).get(`/api/team/submissions/${stored.id}`);
        expect(body.review.history).toHaveLength(20);
        // On FerretDB each lost race costs a few round trips, on a busy two-core machine.
      }, 60_000);

      it('refuses bad filters with 400 naming them', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        const res = await as(session).get('/api/team/submissions?form=nope&status=open&from=2025-13-01&page=0');
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields).sort()).toEqual(['form', 'from', 'page', 'status']);
      });
    });

    describe('a submission', () => {
      it('shows every field and file, keeps status and note, and records who changed what and when', async () => {
        const file = await saveText(h.store, 'notes.txt', 'hello');
        const stored = await h.store.submissions.insert(
          submission({ form: 'feedback', variant: 'feedback', files: [file], fields: { message: 'Hi' } }),
        );
        const ana = await signIn(app, testMail.smtp, TEAM);
        const page = await as(ana).get(`/api/team/submissions/${stored.id}`);
        expect(page.status).toBe(200);
        expect(page.body).toMatchObject({
          id: stored.id,
          form: 'feedback',
          fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', message: 'Hi' },
          files: [{ id: file.id, name: 'notes.txt', size: 5 }],
          review: { status: 'new', note: '', history: [] },
        });

        const changed = await as(ana).post(`/api/team/submissions/${stored.id}/review`, { status: 'in-progress' });
        expect(changed.status).toBe(200);
        clock.advance(5 * MINUTE);
        const bo = await signIn(app, testMail.smtp, COLLEAGUE);
        await as(bo).post(`/api/team/submissions/${stored.id}/review`, { status: 'done', note: 'Called back.' });
        const after = await as(ana).get(`/api/team/submissions/${stored.id}`);
        expect(after.body.review).toEqual({
          status: 'done',
          note: 'Called back.',
          history: [
            {
              at: new Date(Date.UTC(2025, 5, 1, 9)).toISOString(),
              by: TEAM,
              status: { from: 'new', to: 'in-progress' },
            },
            {
              at: new Date(Date.UTC(2025, 5, 1, 9, 5)).toISOString(),
              by: COLLEAGUE.toLowerCase(),
              status: { from: 'in-progress', to: 'done' },
              note: 'added',
            },
          ],
        });
        // The same values again change nothing and add no history.
        await as(bo).post(`/api/team/submissions/${stored.id}/review`, { status: 'done', note: 'Called back.' });
        expect((await as(ana).get(`/api/team/submissions/${stored.id}`)).body.review.history).toHaveLength(2);

        const bad = await as(ana).post(`/api/team/submissions/${stored.id}/review`, { status: 'archived' });
        expect(bad.status).toBe(400);
        expect((await as(ana).post(`/api/team/submissions/${stored.id}/review`, {})).status).toBe(400);
        expect(
          (await as(ana).post('/api/team/submissions/000000000000000000000000/review', { status: 'done' })).status,
        ).toBe(404);
        expect((await as(ana).get('/api/team/submissions/nope')).status).toBe(404);
      });

      it('downloads its files as attachments, never inline; files of other submissions are not found', async () => {
        const file = await saveText(h.store, '<b>report</b>.html.txt', '<script>alert(1)</script>');
        const other = await saveText(h.store, 'other.txt', 'other');
        const stored = await h.store.submissions.insert(
          submission({ form: 'feedback', variant: 'feedback', files: [file] }),
        );
        await h.store.submissions.insert(submission({ form: 'feedback', variant: 'feedback', files: [other] }));
        const session = await signIn(app, testMail.smtp, TEAM);
        const res = await as(session).get(`/api/team/submissions/${stored.id}/files/${file.id}`).buffer(true);
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/^attachment;/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain('sandbox');
        expect(res.text).toBe('<script>alert(1)</script>');
        expect((await as(session).get(`/api/team/submissions/${stored.id}/files/${other.id}`)).status).toBe(404);
        expect((await request(app).get(`/api/team/submissions/${stored.id}/files/${file.id}`)).status).toBe(401);
      });
    });

    describe('export', () => {
      beforeEach(async () => {
        await h.store.submissions.insert(
          submission({
            fields: { firstName: "x;=cmd|' /C calc'!A0", email: 'x@example.org' },
            receivedAt: new Date('2025-02-01T00:00:00Z'),
          }),
        );
        await h.store.submissions.insert(
          submission({
            form: 'sponsor',
            variant: 'sponsor',
            fields: { firstName: '=1+1', organization: 'Org' },
            receivedAt: new Date('2025-02-02T00:00:00Z'),
          }),
        );
      });

      it('CSV of the current filter, with status and note, safe against formulas with "," and ";"', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        const res = await as(session).get('/api/team/export?format=csv&form=contact');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toMatch(
          /^attachment; filename="?submissions-contact-\d{4}-\d{2}-\d{2}\.csv"?$/,
        );
        const [header, ...rows] = parseCsv(res.text, { exact: true });
        expect(header!.slice(0, 7)).toEqual(['id', 'form', 'variant', 'receivedAt', 'page', 'status', 'note']);
        expect(rows).toHaveLength(1);
        expect(rows[0]![header!.indexOf('status')]).toBe('new');
        expect(rows[0]![header!.indexOf('firstName')]).toBe("x;'=cmd|' /C calc'!A0");
        expect(formulaCells(res.text)).toEqual([]);
      });

      it('an Excel workbook whose cells are text, never formulas', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        const res = await as(session)
          .get('/api/team/export?format=xlsx')
          .buffer(true)
          .parse((response, done) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => done(null, Buffer.concat(chunks)));
          });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?submissions-all-.*\.xlsx"?$/);
        const workbook = res.body as Buffer;
        const sheetXml = [...unzip(workbook).entries()]
          .filter(([name]) => name.startsWith('xl/worksheets/'))
          .map(([, data]) => data.toString('utf8'))
          .join('');
        expect(sheetXml).not.toContain('<f>');
        const sheet = (await readXlsxFile(workbook))[0]!.data as unknown[][];
        const [header, ...rows] = sheet;
        expect(header!.slice(0, 7)).toEqual(['id', 'form', 'variant', 'receivedAt', 'page', 'status', 'note']);
        // Newest first; every value a string, as it was sent.
        expect(rows.map((row) => row[header!.indexOf('firstName')])).toEqual(['=1+1', "x;=cmd|' /C calc'!A0"]);
        expect(rows.every((row) => row.every((cell) => cell === null || typeof cell === 'string'))).toBe(true);
      });

      it('refuses an unknown format', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        expect((await as(session).get('/api/team/export?format=pdf')).status).toBe(400);
      });
    });

    describe('erasing a person', () => {
      it('deletes every submission and file of one address (any case), and audits who, how many and when without it', async () => {
        const file = await saveText(h.store, 'a.txt', 'a');
        const kept = await saveText(h.store, 'b.txt', 'b');
        const mine = [
          await h.store.submissions.insert(
            submission({
              form: 'feedback',
              variant: 'feedback',
              files: [file],
              fields: { email: 'Erase.Me@Example.org' },
            }),
          ),
          await h.store.submissions.insert(submission({ fields: { email: 'erase.me@example.org' } })),
        ];
        const other = await h.store.submissions.insert(
          submission({
            form: 'feedback',
            variant: 'feedback',
            files: [kept],
            fields: { email: 'keep.me@example.org', message: 'erase.me@example.org' },
          }),
        );
        const session = await signIn(app, testMail.smtp, TEAM);
        await as(session).post(`/api/team/submissions/${mine[1]!.id}/review`, { status: 'done', note: 'n' });
        const res = await as(session).post('/api/team/erase', { email: 'ERASE.ME@example.org' });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ submissions: 2, files: 1, assessments: 0 });

        const left = await h.store.submissions.list();
        expect(left.map((row: StoredSubmission) => row.id)).toEqual([other.id]);
        expect(await h.store.files.open(file.id)).toBeNull();
        expect(await h.store.files.open(kept.id)).not.toBeNull();
        for (const row of mine) expect((await as(session).get(`/api/team/submissions/${row.id}`)).status).toBe(404);

        const audit = (await h.store.audit.page({ offset: 0, limit: 10, actions: ['erase'] })).entries;
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          by: TEAM,
          action: 'erase',
          counts: { submissions: 2, files: 1, assessments: 0 },
        });
        expect(audit[0]!.at.toISOString()).toBe(new Date(clock.now()).toISOString());
        expect(JSON.stringify(audit).toLowerCase()).not.toContain('erase.me');
      });

      it('answers zero for an address with nothing stored, and audits that too', async () => {
        const session = await signIn(app, testMail.smtp, TEAM);
        expect((await as(session).post('/api/team/erase', { email: 'nobody@example.org' })).body).toEqual({
          submissions: 0,
          files: 0,
          assessments: 0,
        });
        expect((await h.store.audit.page({ offset: 0, limit: 10, actions: ['erase'] })).total).toBe(1);
      });
    });
  });
}

async function saveText(store: Store, name: string, text: string) {
  const { Readable } = await import('node:stream');
  return store.files.save(Readable.from([Buffer.from(text)]), { name, contentType: 'text/plain' });
}

describeStore(embeddedCase, 'team console sign-in without SMTP_URL', () => {
  const h = useHarness(embeddedCase);

  function loggingApp(config: ApiConfig, withMailer?: Mailer) {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    return { app: createApp({ store: h.store, config, logger, mailer: withMailer }), lines };
  }

  it('outside production, writes the link (and only it) to the API log', async () => {
    const config = await testConfig({
      nodeEnv: 'development',
      teamEmails: [TEAM],
      mail: { ...(await testConfig()).mail, smtpUrl: undefined },
    });
    const { app, lines } = loggingApp(config);
    await request(app).post('/api/team/sign-in').send({ email: 'stranger@example.org' });
    await request(app).post('/api/team/sign-in').send({ email: TEAM });
    // The listed address's link, asked for second, is logged after anything the stranger's request wrote.
    await eventually(() => expect(lines.some((line) => line.includes('#token='))).toBe(true));
    const linkLines = lines.filter((line) => line.includes('#token='));
    expect(linkLines).toHaveLength(1);
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(linkLines[0]!)![1]!;
    expect(lines.join('')).not.toContain(TEAM);
    expect(lines.join('')).not.toContain('stranger@');
    expect((await request(app).post('/api/team/session').send({ token })).status).toBe(201);
  });

  it('in production, never writes a link to the log', async () => {
    const config = await testConfig({ nodeEnv: 'production', teamEmails: [TEAM] });
    const { app, lines } = loggingApp(config);
    await request(app).post('/api/team/sign-in').send({ email: TEAM });
    // What it logs instead: that the link could not be sent (there is no SMTP_URL here).
    await eventually(() => expect(lines.join('')).toContain('sign-in link could not be sent'));
    expect(lines.join('')).not.toContain('#token=');
  });

  it('logs a link that could not be sent without the address', async () => {
    testMail.smtp.mode = 'permanent';
    try {
      const { app, lines } = loggingApp(await testConfig({ teamEmails: [TEAM] }), testMail.mailer);
      await request(app).post('/api/team/sign-in').send({ email: TEAM });
      for (
        let waited = 0;
        waited < 5000 && !lines.some((line) => line.includes('sign-in link not sent'));
        waited += 50
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(lines.filter((line) => line.includes('sign-in link not sent'))).toHaveLength(1);
      expect(lines.join('')).not.toContain(TEAM);
      expect(lines.join('')).not.toContain('#token=');
    } finally {
      testMail.smtp.mode = 'accept';
    }
  });

  it('rate-limits sign-in requests per address, listed or not', async () => {
    const config = await testConfig({ teamEmails: [TEAM] });
    const app = createApp({ store: h.store, config });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await request(app)
            .post('/api/team/sign-in')
            .send({ email: `someone${i}@example.org` })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });
});
