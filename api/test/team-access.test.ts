import type { Express } from 'express';
import pino from 'pino';
import request from 'supertest';
import { ROLES, type Permission, type Role } from '@wpc/shared/team';
import { createApp } from '../src/app';
import type { ApiConfig } from '../src/config';
import { Housekeeping } from '../src/housekeeping';
import type { NewSubmission } from '../src/store';
import { teamJobs } from '../src/team/housekeeping';
import { teamConsole } from '../src/team/routes';
import { testConfig } from './helpers/config';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';
import { useTestMail } from './helpers/mail-server';
import { requestLink, signIn, startSession, type SignedIn, teamPost } from './helpers/team';

// Issue 31 (sessions, audit) and issue 28 item 4 (roles): who may do what in the console,
// decided on every request by the API, and every console action in the audit log.

const ADMIN = 'coordinator@consortium.test';
const PARTNER = 'presenter.desk@showcase-partner.test';
const CLERK = 'clerk@consortium.test';
const VISITOR_EMAIL = 'maria.visitor@example.org';
const VISITOR_NAME = 'Hernández';

const testMail = useTestMail();
beforeEach(() => testMail.smtp.clear());

const visitorSubmission = (): NewSubmission =>
  ({
    form: 'contact',
    variant: 'contact',
    page: '/contact-us',
    files: [],
    receivedAt: new Date('2025-03-01T10:00:00Z'),
    fields: { firstName: 'Maria', lastName: VISITOR_NAME, email: VISITOR_EMAIL, message: 'Hello' },
  }) as NewSubmission;

/**
 * The spec's table of roles (api/README, "Who may do what"): what each role may do besides what
 * every signed-in person may (the session, signing out). Written out, not derived from can().
 */
const MAY: Readonly<Record<Role, readonly Permission[]>> = {
  inbox: ['inbox'],
  updates: ['updates'],
  reports: ['reports'],
  'content:home': ['content', 'content:home'],
  'content:scorecard': ['content', 'content:scorecard'],
  'content:showcase': ['content', 'content:showcase'],
  'content:map': ['content', 'content:map'],
};

/** A route's path with its parameters filled in. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, 'abc123');

for (const storeCase of storeCases) {
  describeStore(storeCase, 'team console access and audit', () => {
    const h = useHarness(storeCase);
    let config: ApiConfig;
    let app: Express;

    beforeEach(async () => {
      config = await testConfig({ teamEmails: [ADMIN], siteOrigin: 'https://www.example.org' });
      app = createApp({ store: h.store, config, mailer: testMail.mailer });
    });

    const as = (session: SignedIn) => ({
      get: (url: string) => request(app).get(url).set('Cookie', session.cookie),
      post: (url: string, body: object = {}) => teamPost(app, session, url, body),
    });
    const addMember = async (admin: SignedIn, email: string, roles: string[]) => {
      const res = await as(admin).post('/api/team/members', { email, roles });
      expect([200, 201]).toContain(res.status);
      return res;
    };
    const auditEntries = async () => (await h.store.audit.page({ offset: 0, limit: 100 })).entries;

    it('every console route declares a permission; without a session each answers 401, GET and POST alike', async () => {
      const { declared } = teamConsole({ store: h.store, config, logger: undefined as never });
      const open = declared.filter((route) => route.permission === 'public').map((r) => `${r.method} ${r.path}`);
      expect(open.sort()).toEqual(['GET /session', 'POST /session', 'POST /sign-in']);
      const guarded = declared.filter((route) => route.permission !== 'public');
      expect(guarded.length).toBeGreaterThanOrEqual(10);
      for (const route of guarded) {
        const url = `/api/team${concrete(route.path)}`;
        const res =
          route.method === 'GET'
            ? await request(app).get(url)
            : await request(app).post(url).send({ email: 'a@b.org' });
        expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 401,
        });
        // A forged cookie is no session either.
        const forged = request(app)
          [route.method === 'GET' ? 'get' : 'post'](url)
          .set('Cookie', 'wpc_team_session=forged');
        expect((await forged).status).toBe(401);
      }
    });

    it('a member gets 403 with a clear message on every route their roles do not allow, and passes the others', async () => {
      const admin = await signIn(app, testMail.smtp, ADMIN);
      await addMember(admin, PARTNER, ['content:showcase']);
      const partner = await signIn(app, testMail.smtp, PARTNER);
      expect((await as(partner).get('/api/team/session')).body).toEqual({
        signedIn: true,
        email: PARTNER,
        csrfToken: partner.csrfToken,
        admin: false,
        roles: ['content:showcase'],
        freshUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      // The inbox says what it needs.
      expect((await as(partner).get('/api/team/submissions')).body.error).toMatch(/^This needs the inbox/);
      // Nothing was read or changed: the visitor's submission is untouched, no member was added.
      expect((await h.store.members.list()).map((member) => member.email)).toEqual([PARTNER]);
    });

    it.each(ROLES)(
      'every declared route, asked as a member with the role %s: 403 where the spec’s table does not allow it, passed where it does',
      async (role) => {
        const admin = await signIn(app, testMail.smtp, ADMIN);
        const email = `${role.replace(':', '-')}@consortium.test`;
        await addMember(admin, email, [role]);
        const member = await signIn(app, testMail.smtp, email);
        const { declared } = teamConsole({ store: h.store, config, logger: undefined as never });
        expect(declared.length).toBeGreaterThanOrEqual(40);
        const allowed = (permission: Permission | 'public') =>
          permission === 'public' || permission === 'signed-in' || MAY[role].includes(permission);
        for (const route of declared) {
          const url = `/api/team${concrete(route.path)}`;
          const asked = `${route.method} ${route.path}`;
          if (!allowed(route.permission)) {
            const res = route.method === 'GET' ? await as(member).get(url) : await as(member).post(url, {});
            expect({ asked, status: res.status }).toEqual({ asked, status: 403 });
            expect(res.body.error).toMatch(/which your roles do not include\. Ask an admin/);
          } else if (route.method === 'GET') {
            // Reads only: an allowed change would change something (sign-out would end the session).
            const res = await as(member).get(url);
            expect({ asked, refused: [401, 403].includes(res.status) }).toEqual({ asked, refused: false });
          }
        }
      },
    );

    it('a member with the inbox role reads the inbox, and not the members or the audit', async () => {
      await h.store.submissions.insert(visitorSubmission());
      const admin = await signIn(app, testMail.smtp, ADMIN);
      await addMember(admin, CLERK, ['inbox']);
      const clerk = await signIn(app, testMail.smtp, CLERK);
      expect((await as(clerk).get('/api/team/submissions')).body.total).toBe(1);
      expect((await as(clerk).get('/api/team/members')).status).toBe(403);
      expect((await as(clerk).get('/api/team/audit')).status).toBe(403);
      expect((await as(clerk).post('/api/team/members', { email: 'x@example.org', roles: ['inbox'] })).status).toBe(
        403,
      );
    });

    it('removing a member ends their access at once, on every session, and their old link no longer signs in', async () => {
      const admin = await signIn(app, testMail.smtp, ADMIN);
      await addMember(admin, CLERK, ['inbox']);
      const first = await signIn(app, testMail.smtp, CLERK);
      const second = await signIn(app, testMail.smtp, CLERK);
      const unused = await requestLink(app, testMail.smtp, CLERK);
      expect((await as(first).get('/api/team/submissions')).status).toBe(200);

      expect((await as(admin).post('/api/team/members/remove', { email: CLERK.toUpperCase() })).status).toBe(200);
      for (const session of [first, second]) {
        const res = await as(session).get('/api/team/submissions');
        expect(res.status).toBe(401);
        expect((await as(session).get('/api/team/session')).body).toEqual({ signedIn: false });
      }
      expect((await request(app).post('/api/team/session').send({ token: unused })).status).toBe(401);
      expect((await as(admin).post('/api/team/members/remove', { email: CLERK })).status).toBe(404);
    });

    it('changing a member’s roles takes effect on their next request', async () => {
      const admin = await signIn(app, testMail.smtp, ADMIN);
      await addMember(admin, CLERK, ['inbox']);
      const clerk = await signIn(app, testMail.smtp, CLERK);
      expect((await as(clerk).get('/api/team/submissions')).status).toBe(200);
      await addMember(admin, CLERK, ['updates']);
      expect((await as(clerk).get('/api/team/submissions')).status).toBe(403);
      expect((await as(clerk).get('/api/team/session')).body.roles).toEqual(['updates']);
    });

    it('an address taken out of TEAM_EMAILS loses its sessions on the next request (membership is checked each time)', async () => {
      const admin = await signIn(app, testMail.smtp, ADMIN);
      const narrowed = createApp({ store: h.store, config: { ...config, teamEmails: [] }, mailer: testMail.mailer });
      const res = await request(narrowed).get('/api/team/submissions').set('Cookie', admin.cookie);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/access to the team console has ended/);
      // Ended for good: the address is back in TEAM_EMAILS, the old session is not.
      expect((await as(admin).get('/api/team/session')).body).toEqual({ signedIn: false });
    });

    it('refuses bad members with 400 naming the field: an admin’s address, no roles, an unknown or repeated role', async () => {
      const admin = await signIn(app, testMail.smtp, ADMIN);
      const cases: [object, string][] = [
        [{ email: ADMIN.toUpperCase(), roles: ['inbox'] }, 'email'],
        [{ email: CLERK, roles: [] }, 'roles'],
        [{ email: CLERK, roles: ['owner'] }, 'roles'],
        [{ email: CLERK, roles: ['inbox', 'inbox'] }, 'roles'],
        [{ email: 'not an address', roles: ['inbox'] }, 'email'],
      ];
      for (const [body, field] of cases) {
        const res = await as(admin).post('/api/team/members', body);
        expect({ body, status: res.status, fields: Object.keys(res.body.fields ?? {}) }).toEqual({
          body,
          status: 400,
          fields: [field],
        });
      }
      expect(await h.store.members.list()).toEqual([]);
      const res = await as(admin).post('/api/team/members', {
        email: 'Partner@Example.org',
        roles: ['content:map', 'inbox'],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: 'partner@example.org', roles: ['inbox', 'content:map'], addedBy: ADMIN });
      const listed = await as(admin).get('/api/team/members');
      expect(listed.body.admins).toEqual([ADMIN]);
      expect(listed.body.members.map((member: { email: string }) => member.email)).toEqual(['partner@example.org']);
      expect(ROLES).toContain('content:map');
    });

    it('audits sign-ins, refusals, sign-outs, exports, downloads, erasures and member changes, with no visitor data', async () => {
      const { Readable } = await import('node:stream');
      const file = await h.store.files.save(Readable.from([Buffer.from('a')]), {
        name: `${VISITOR_NAME}.txt`,
        contentType: 'text/plain',
      });
      const stored = await h.store.submissions.insert({
        ...visitorSubmission(),
        form: 'feedback',
        variant: 'feedback',
        files: [file],
      } as NewSubmission);
      const admin = await signIn(app, testMail.smtp, ADMIN);
      const used = await requestLink(app, testMail.smtp, ADMIN);
      await startSession(app, used);
      expect((await request(app).post('/api/team/session').send({ token: used })).status).toBe(401);
      await addMember(admin, CLERK, ['inbox']);
      await addMember(admin, CLERK, ['inbox', 'updates']);
      expect((await as(admin).get(`/api/team/export?format=csv&form=feedback&q=${VISITOR_NAME}`)).status).toBe(200);
      expect((await as(admin).get(`/api/team/submissions/${stored.id}/files/${file.id}`)).status).toBe(200);
      expect((await as(admin).post('/api/team/erase', { email: VISITOR_EMAIL })).status).toBe(200);
      await as(admin).post('/api/team/members/remove', { email: CLERK });
      await as(admin).post('/api/team/sign-out');

      const entries = [...(await auditEntries())].reverse();
      expect(entries.map((entry) => [entry.by, entry.action])).toEqual([
        [ADMIN, 'sign-in'],
        [ADMIN, 'sign-in'],
        ['unknown', 'sign-in-refused'],
        [ADMIN, 'member-add'],
        [ADMIN, 'member-change'],
        [ADMIN, 'export'],
        [ADMIN, 'file-download'],
        [ADMIN, 'erase'],
        [ADMIN, 'member-remove'],
        [ADMIN, 'sign-out'],
      ]);
      expect(entries.find((entry) => entry.action === 'member-change')).toMatchObject({
        target: CLERK,
        detail: 'roles inbox → inbox, updates',
      });
      expect(entries.find((entry) => entry.action === 'export')?.detail).toBe(
        'csv, filtered by kind feedback, a search',
      );
      expect(entries.find((entry) => entry.action === 'erase')?.counts).toEqual({
        submissions: 1,
        files: 1,
        assessments: 0,
      });
      const text = JSON.stringify(entries).toLowerCase();
      expect(text).not.toContain(VISITOR_EMAIL);
      expect(text).not.toContain(VISITOR_NAME.toLowerCase());
    });

    it('the audit page: newest first, by action, in pages, for admins only', async () => {
      const admin = await signIn(app, testMail.smtp, ADMIN);
      for (let i = 0; i < 60; i += 1) await as(admin).get('/api/team/export?format=csv');
      const first = await as(admin).get('/api/team/audit');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ total: 61, page: 1, pageSize: 50, retentionDays: 400 });
      expect(first.body.entries).toHaveLength(50);
      expect(first.body.entries[0]).toMatchObject({ by: ADMIN, action: 'export', detail: 'csv, every submission' });
      expect((await as(admin).get('/api/team/audit?page=2')).body.entries.at(-1).action).toBe('sign-in');
      const signIns = await as(admin).get('/api/team/audit?action=sign-in');
      expect(signIns.body.total).toBe(1);
      const bad = await as(admin).get('/api/team/audit?action=nope&page=0');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['action', 'page']);
    });

    it('refused links are limited per client address, so they cannot flood the audit log', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const token = `${'x'.repeat(40)}${String(i).padStart(3, '0')}`;
        statuses.push((await request(app).post('/api/team/session').send({ token })).status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      expect((await auditEntries()).filter((entry) => entry.action === 'sign-in-refused')).toHaveLength(10);
    });

    it('keeps audit entries for AUDIT_RETENTION_DAYS, then deletes them', async () => {
      const DAY = 24 * 60 * 60 * 1000;
      const now = new Date('2026-06-01T12:00:00Z');
      for (const daysAgo of [401, 400.5, 399, 1]) {
        await h.store.audit.add({ at: new Date(now.getTime() - daysAgo * DAY), by: ADMIN, action: 'sign-in' });
      }
      const jobs = teamJobs(h.store, { auditRetentionDays: 400 });
      await new Housekeeping(jobs, pino({ level: 'silent' }), () => now).runOnce();
      const kept = (await auditEntries()).map((entry) => Math.round((now.getTime() - entry.at.getTime()) / DAY));
      expect(kept).toEqual([1, 399]);
    });
  });
}
