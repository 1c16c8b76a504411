import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { defineAreaModel, field, type ContentArea } from '@wpc/shared/content-model';
import type { PublishedEntry } from '@wpc/shared/content-contract';
import sharp from 'sharp';
import { createApp } from '../src/app';
import { contentService } from '../src/content/service';
import { testConfig } from './helpers/config';
import { testContentModels } from './helpers/content-models';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';
import { useTestMail } from './helpers/mail-server';
import { signIn, type SignedIn, teamPost } from './helpers/team';
import { titledType } from '../../test-support/content-types';

// Issue 28, part B: the content records behind the public contract and the editor's API.

const LEAD = 'lead@consortium.test';
const PARTNER = 'presenter.desk@showcase-partner.test';

// Small declarations of our own, written with the areas' kit, so the test says what it expects.
const release = titledType('Press release', 'Press releases', {
  title: field.text({ label: 'Title', maxLength: 90 }),
  date: field.date({ label: 'Release date' }),
  body: field.markdown({ label: 'Text' }),
  session: field.reference({ label: 'Showcase session', to: 'showcase/session', optional: true }),
});
const session = titledType('Session', 'Sessions', {
  title: field.text({ label: 'Title' }),
  presenters: field.list({
    label: 'Presenters',
    itemLabel: 'Presenter',
    of: {
      name: field.text({ label: 'Name' }),
      avatar: field.image({ label: 'Photo', widths: [64, 160], optional: true }),
    },
  }),
});
const MODELS = {
  scorecard: defineAreaModel({
    area: 'scorecard',
    types: { pressRelease: release },
    seedDate: '2024-02-19T00:00:00.000Z',
    seed: [],
  }),
  showcase: defineAreaModel({ area: 'showcase', types: { session }, seedDate: '2024-02-19T00:00:00.000Z', seed: [] }),
} as const;

const LAUNCH: PublishedEntry = {
  type: 'pressRelease',
  id: 'press-release-2024-02-19',
  slug: 'scorecard-launched',
  data: { title: 'Scorecard launched', date: '2024-02-19', body: 'The scorecard is out.' },
  publishedAt: '2024-02-19T16:00:00.000Z',
  updatedAt: '2024-02-19T16:00:00.000Z',
};
const SEEDS: Partial<Record<ContentArea, PublishedEntry[]>> = {
  scorecard: [LAUNCH],
  showcase: [
    {
      type: 'session',
      id: 'session-1',
      slug: 'fuel-breaks',
      data: { title: 'Fuel breaks', presenters: [{ name: 'Ana Ruiz' }] },
      publishedAt: '2025-07-16T19:00:00.000Z',
      updatedAt: '2025-07-16T19:00:00.000Z',
    },
  ],
};

const models = testContentModels(MODELS, SEEDS);

const testMail = useTestMail();

for (const storeCase of storeCases) {
  describeStore(storeCase, 'publishing', () => {
    const h = useHarness(storeCase);
    let app: Express;
    let now: number;
    let lead: SignedIn;

    const as = (who: SignedIn) => ({
      get: (url: string) => request(app).get(url).set('Cookie', who.cookie),
      post: (url: string, body: object = {}) => teamPost(app, who, url, body),
    });
    const published = async (area: ContentArea) => (await request(app).get(`/api/content/published?area=${area}`)).body;
    const seed = () => contentService({ store: h.store, models, clock: () => new Date(now) }).publishing;

    beforeEach(async () => {
      now = Date.parse('2026-11-26T09:00:00Z');
      const config = await testConfig({ teamEmails: [LEAD] });
      app = createApp({ store: h.store, config, mailer: testMail.mailer, clock: () => now, contentModels: models });
      await seed().loadSeed('scorecard');
      await seed().loadSeed('showcase');
      lead = await signIn(app, testMail.smtp, LEAD);
    });

    it('loads each area’s seed once: loading again restores nothing the team changed', async () => {
      const before = await published('scorecard');
      expect(before.entries).toEqual([LAUNCH]);
      const open = await as(lead).get(`/api/team/content/scorecard/entries/${LAUNCH.id}`);
      const saved = await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}`, {
        version: open.body.entry.version,
        slug: LAUNCH.slug,
        data: { ...LAUNCH.data, title: 'Scorecard launched today' },
      });
      expect(saved.status).toBe(200);
      await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}/publish`, {
        version: saved.body.entry.version,
      });
      expect(await seed().loadSeed('scorecard')).toBe(false);
      const after = await published('scorecard');
      expect(after.entries.map((entry: PublishedEntry) => entry.data.title)).toEqual(['Scorecard launched today']);
      expect(after.revision).not.toBe(before.revision);
    });

    it('answers the published content with its revision as ETag, 304 when unchanged, 400 for an unknown area', async () => {
      const first = await request(app).get('/api/content/published?area=scorecard');
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toBe(`"${first.body.revision}"`);
      const again = await request(app)
        .get('/api/content/published?area=scorecard')
        .set('If-None-Match', String(first.headers.etag));
      expect(again.status).toBe(304);
      expect((await request(app).get('/api/content/published?area=blog')).status).toBe(400);
      expect((await request(app).get('/api/content/published')).status).toBe(400);
      // A new area's answer has no entries until its seed is loaded.
      expect((await published('home')).entries).toEqual([]);
    });

    it('creates a draft, refuses to publish it with field errors, publishes it fixed, and audits the publish', async () => {
      const created = await as(lead).post('/api/team/content/scorecard/entries', {
        type: 'pressRelease',
        slug: 'spring-update',
        data: { title: 'Spring update' },
      });
      expect(created.status).toBe(201);
      const { id, version } = created.body.entry;
      expect(created.body.entry.status).toBe('draft');
      expect(created.body.entry.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['body', 'date']);
      const refused = await as(lead).post(`/api/team/content/scorecard/entries/${id}/publish`, { version });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ date: 'Enter a date.', body: 'Enter text.' });
      const scripted = await as(lead).post(`/api/team/content/scorecard/entries/${id}`, {
        version,
        slug: 'spring-update',
        data: {
          title: 'Spring update',
          date: '2026-03-01',
          body: 'Read [this](javascript:alert(1)) <script>x</script>',
        },
      });
      expect(scripted.status).toBe(200);
      const unsafe = await as(lead).post(`/api/team/content/scorecard/entries/${id}/publish`, {
        version: scripted.body.entry.version,
      });
      expect(unsafe.status).toBe(400);
      expect(unsafe.body.fields.body).toMatch(/HTML is not allowed|is not allowed: use an http/);
      const fixed = await as(lead).post(`/api/team/content/scorecard/entries/${id}`, {
        version: scripted.body.entry.version,
        slug: 'spring-update',
        data: { title: 'Spring update', date: '2026-03-01', body: 'Read [the scorecard](https://example.org).' },
      });
      const done = await as(lead).post(`/api/team/content/scorecard/entries/${id}/publish`, {
        version: fixed.body.entry.version,
      });
      expect(done.status).toBe(200);
      expect(done.body.entry.status).toBe('published');
      const entries = (await published('scorecard')).entries as PublishedEntry[];
      expect(entries.find((entry) => entry.id === id)).toEqual({
        type: 'pressRelease',
        id,
        slug: 'spring-update',
        data: { title: 'Spring update', date: '2026-03-01', body: 'Read [the scorecard](https://example.org).' },
        publishedAt: new Date(now).toISOString(),
        updatedAt: new Date(now).toISOString(),
      });
      const audit = (await h.store.audit.page({ offset: 0, limit: 10, actions: ['publish'] })).entries;
      expect(audit.map((entry) => [entry.by, entry.action, entry.target])).toEqual([
        [LEAD, 'publish', `scorecard/${id}`],
      ]);
    });

    // Issue 38 item 7: the forms' rule (text-rules.ts) for content text too.
    it('refuses NUL and other control characters in content text on publish, naming each field; keeps the draft as typed', async () => {
      const typed = {
        title: 'Spring\u0000update',
        date: '2026-03-01',
        body: 'First line\u001b[31m red',
      };
      const created = await as(lead).post('/api/team/content/scorecard/entries', {
        type: 'pressRelease',
        slug: 'spring-update',
        data: typed,
      });
      expect(created.status).toBe(201);
      const { id, version } = created.body.entry;
      expect(created.body.entry.draft.data).toEqual(typed);
      const refused = await as(lead).post(`/api/team/content/scorecard/entries/${id}/publish`, { version });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({
        title: 'Title may not contain control characters, line breaks or text-direction overrides.',
        body: 'Text may not contain control characters other than tabs and line breaks, nor text-direction overrides.',
      });
      // A one-line field refuses a line break inside it; a list item's field is named by its path.
      const inList = await as(lead).post('/api/team/content/showcase/entries', {
        type: 'session',
        slug: 'line-breaks',
        data: { title: 'Line\nbreaks', presenters: [{ name: 'Ana\u0007 Ruiz' }] },
      });
      const listRefused = await as(lead).post(`/api/team/content/showcase/entries/${inList.body.entry.id}/publish`, {
        version: inList.body.entry.version,
      });
      expect(listRefused.status).toBe(400);
      expect(Object.keys(listRefused.body.fields).sort()).toEqual(['presenters.0.name', 'title']);
      // Multi-line text keeps its tabs and line breaks (CRLF as browsers send a textarea).
      const fixed = await as(lead).post(`/api/team/content/scorecard/entries/${id}`, {
        version,
        slug: 'spring-update',
        data: { ...typed, title: 'Spring update', body: 'First line\r\n\n- a\tb' },
      });
      const done = await as(lead).post(`/api/team/content/scorecard/entries/${id}/publish`, {
        version: fixed.body.entry.version,
      });
      expect(done.status).toBe(200);
      const entries = (await published('scorecard')).entries as PublishedEntry[];
      expect(entries.find((entry) => entry.id === id)?.data).toEqual({
        title: 'Spring update',
        date: '2026-03-01',
        body: 'First line\r\n\n- a\tb',
      });
    });

    it('refuses a slug another entry of the type uses', async () => {
      const res = await as(lead).post('/api/team/content/scorecard/entries', {
        type: 'pressRelease',
        slug: LAUNCH.slug,
        data: {},
      });
      expect(res.status).toBe(400);
      expect(res.body.fields.slug).toMatch(/Another entry already uses/);
    });

    it('gives the second of two editors on one entry a conflict with the stored version; the first one’s text stays', async () => {
      const opened = (await as(lead).get(`/api/team/content/scorecard/entries/${LAUNCH.id}`)).body.entry;
      const first = await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}`, {
        version: opened.version,
        slug: LAUNCH.slug,
        data: { ...LAUNCH.data, title: 'First editor' },
      });
      expect(first.status).toBe(200);
      const second = await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}`, {
        version: opened.version,
        slug: LAUNCH.slug,
        data: { ...LAUNCH.data, title: 'Second editor' },
      });
      expect(second.status).toBe(409);
      expect(second.body.error).toMatch(/Someone else changed this entry/);
      expect(second.body.current.draft.data.title).toBe('First editor');
      expect(second.body.current.version).toBe(first.body.entry.version);
      const stale = await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}/publish`, {
        version: opened.version,
      });
      expect(stale.status).toBe(409);
    });

    it('unpublishes (a new revision without the entry) and restores an old version onto the site', async () => {
      const opened = (await as(lead).get(`/api/team/content/scorecard/entries/${LAUNCH.id}`)).body;
      const seedVersion = opened.versions.at(-1);
      expect(seedVersion).toMatchObject({ version: 1, action: 'seed', by: 'seed', data: LAUNCH.data });
      const saved = await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}`, {
        version: opened.entry.version,
        slug: LAUNCH.slug,
        data: { ...LAUNCH.data, body: 'A mistake.' },
      });
      const live = await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}/publish`, {
        version: saved.body.entry.version,
      });
      expect((await published('scorecard')).entries[0].data.body).toBe('A mistake.');
      const restored = await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}/restore`, {
        version: live.body.entry.version,
        to: 1,
      });
      expect(restored.status).toBe(200);
      expect((await published('scorecard')).entries[0].data.body).toBe('The scorecard is out.');
      const history = (await as(lead).get(`/api/team/content/scorecard/entries/${LAUNCH.id}`)).body.versions;
      expect(history.map((v: { action: string }) => v.action)).toEqual(['restore', 'publish', 'save', 'seed']);
      expect(history[0]).toMatchObject({ by: LEAD, at: new Date(now).toISOString() });

      const before = (await published('scorecard')).revision;
      const gone = await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}/unpublish`, {
        version: restored.body.entry.version,
      });
      expect(gone.status).toBe(200);
      const after = await published('scorecard');
      expect(after.entries).toEqual([]);
      expect(after.revision).not.toBe(before);
      const actions = (await h.store.audit.page({ offset: 0, limit: 10 })).entries.map((entry) => entry.action);
      expect(actions.filter((action) => action !== 'sign-in')).toEqual(['unpublish', 'restore', 'publish']);
    });

    it('schedules a publish: a past time is refused; it appears once the clock reaches it, with a new revision', async () => {
      const created = await as(lead).post('/api/team/content/scorecard/entries', {
        type: 'pressRelease',
        slug: 'autumn-release',
        data: { title: 'Autumn release', date: '2026-11-27', body: 'Coming tomorrow.' },
      });
      const { id, version } = created.body.entry;
      const past = await as(lead).post(`/api/team/content/scorecard/entries/${id}/schedule`, {
        version,
        at: '2026-11-26T08:00:00Z',
      });
      expect(past.status).toBe(400);
      expect(past.body.fields).toEqual({ at: 'Choose a time in the future.' });
      const scheduled = await as(lead).post(`/api/team/content/scorecard/entries/${id}/schedule`, {
        version,
        at: '2026-11-26T10:00:00Z',
      });
      expect(scheduled.status).toBe(200);
      expect(scheduled.body.entry.status).toBe('scheduled');
      const before = await published('scorecard');
      expect(before.entries.map((entry: PublishedEntry) => entry.id)).toEqual([LAUNCH.id]);
      now = Date.parse('2026-11-26T10:00:01Z');
      const after = await published('scorecard');
      expect(after.revision).not.toBe(before.revision);
      expect(after.entries.find((entry: PublishedEntry) => entry.id === id)).toMatchObject({
        slug: 'autumn-release',
        publishedAt: '2026-11-26T10:00:00.000Z',
      });
      const list = (await as(lead).get('/api/team/content/scorecard')).body.entries;
      expect(list.find((entry: { id: string }) => entry.id === id).status).toBe('published');
    });

    it('cancels a schedule apart from unpublishing: the site keeps what it shows, and the cancel is audited', async () => {
      const { id, version } = (
        await as(lead).post('/api/team/content/scorecard/entries', {
          type: 'pressRelease',
          slug: 'winter-release',
          data: { title: 'Winter release', date: '2026-12-01', body: 'Later.' },
        })
      ).body.entry;
      const notScheduled = await as(lead).post(`/api/team/content/scorecard/entries/${id}/unschedule`, { version });
      expect(notScheduled.status).toBe(409);
      expect(notScheduled.body.error).toBe('The entry is not scheduled.');
      const scheduled = await as(lead).post(`/api/team/content/scorecard/entries/${id}/schedule`, {
        version,
        at: '2026-11-26T10:00:00Z',
      });
      const before = await published('scorecard');
      const cancelled = await as(lead).post(`/api/team/content/scorecard/entries/${id}/unschedule`, {
        version: scheduled.body.entry.version,
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.entry).toMatchObject({ status: 'draft', scheduled: null });
      now = Date.parse('2026-11-26T10:00:01Z');
      const after = await published('scorecard');
      expect(after).toEqual(before);
      const opened = (await as(lead).get(`/api/team/content/scorecard/entries/${id}`)).body;
      expect(opened.versions.map((entry: { action: string }) => entry.action)).toEqual([
        'unschedule',
        'schedule',
        'create',
      ]);
      const audit = (await h.store.audit.page({ offset: 0, limit: 10, actions: ['unschedule'] })).entries;
      expect(audit.map((entry) => [entry.by, entry.action, entry.target])).toEqual([
        [LEAD, 'unschedule', `scorecard/${id}`],
      ]);
    });

    it('offers a reference field the published entries of its target type, by title', async () => {
      const list = await as(lead).get('/api/team/content/scorecard');
      expect(list.body.references).toEqual({ 'showcase/session': [{ id: 'session-1', title: 'Fuel breaks' }] });
    });

    it('names each listed entry’s day, so entries of one title are told apart', async () => {
      const list = await as(lead).get('/api/team/content/scorecard');
      expect(list.body.entries).toEqual([expect.objectContaining({ id: LAUNCH.id, context: { day: '2024-02-19' } })]);
    });

    it('lets the showcase partner edit showcase content only: 403 on scorecard content and the inbox', async () => {
      await as(lead).post('/api/team/members', { email: PARTNER, roles: ['content:showcase'] });
      const partner = await signIn(app, testMail.smtp, PARTNER);
      expect((await as(partner).get('/api/team/content')).body).toEqual({ areas: ['showcase'] });
      const list = await as(partner).get('/api/team/content/showcase');
      expect(list.status).toBe(200);
      expect(list.body.model.types.map((type: { name: string }) => type.name)).toEqual(['session']);
      const [entry] = list.body.entries;
      expect(entry).toMatchObject({ id: 'session-1', title: 'Fuel breaks', status: 'published' });
      const saved = await as(partner).post('/api/team/content/showcase/entries/session-1', {
        version: entry.version,
        slug: 'fuel-breaks',
        data: { title: 'Fuel breaks', presenters: [{ name: 'Ana Ruiz Ortega' }] },
      });
      const done = await as(partner).post('/api/team/content/showcase/entries/session-1/publish', {
        version: saved.body.entry.version,
      });
      expect(done.status).toBe(200);
      expect((await published('showcase')).entries[0].data.presenters).toEqual([{ name: 'Ana Ruiz Ortega' }]);

      const forbidden = [
        await as(partner).get('/api/team/content/scorecard'),
        await as(partner).post(`/api/team/content/scorecard/entries/${LAUNCH.id}/unpublish`, { version: 1 }),
        await as(partner).get('/api/team/submissions'),
      ];
      expect(forbidden.map((res) => res.status)).toEqual([403, 403, 403]);
      expect(forbidden[0]!.body.error).toMatch(/content of the scorecard area/);
      expect((await published('scorecard')).entries).toEqual([LAUNCH]);
    });

    it('reports a published entry that no longer fits its declaration in the list, and keeps serving it', async () => {
      // The scorecard remote is redeployed with a new required field its seed entry lacks.
      const stricter = defineAreaModel({
        ...MODELS.scorecard,
        seed: [],
        types: {
          pressRelease: titledType('Press release', 'Press releases', {
            ...release.fields,
            place: field.text({ label: 'Place' }),
          }),
        },
      });
      const app2 = createApp({
        store: h.store,
        config: await testConfig({ teamEmails: [LEAD] }),
        mailer: testMail.mailer,
        clock: () => now,
        contentModels: testContentModels({ ...MODELS, scorecard: stricter }, SEEDS),
      });
      const list = await request(app2).get('/api/team/content/scorecard').set('Cookie', lead.cookie);
      expect(list.status).toBe(200);
      expect(list.body.entries[0]).toMatchObject({
        id: LAUNCH.id,
        publishedIssues: [{ path: 'place', message: 'Enter text.' }],
      });
      expect((await request(app2).get('/api/content/published?area=scorecard')).body.entries).toEqual([LAUNCH]);
    });

    it('previews a draft by a private token, and renders Markdown for the editor without script or javascript: links', async () => {
      const opened = (await as(lead).get(`/api/team/content/scorecard/entries/${LAUNCH.id}`)).body.entry;
      await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}`, {
        version: opened.version,
        slug: LAUNCH.slug,
        data: { ...LAUNCH.data, title: 'Draft title' },
      });
      const preview = await as(lead).post(`/api/team/content/scorecard/entries/${LAUNCH.id}/preview`);
      expect(preview.status).toBe(201);
      expect(preview.body.path).toBe(`/team/preview/${preview.body.token}`);
      const draft = await request(app).get(`/api/content/preview/${preview.body.token}`);
      expect(draft.status).toBe(200);
      expect(draft.headers['cache-control']).toBe('no-store');
      expect(draft.body).toMatchObject({ area: 'scorecard', id: LAUNCH.id, data: { title: 'Draft title' } });
      expect((await request(app).get('/api/content/preview/not-a-token')).status).toBe(404);
      // The draft is not published.
      expect((await published('scorecard')).entries[0].data.title).toBe('Scorecard launched');

      const html = await as(lead).post('/api/team/content/scorecard/markdown', {
        markdown: '## Hi\n\n[x](javascript:alert(1)) <script>alert(1)</script> [ok](https://example.org)',
      });
      expect(html.status).toBe(200);
      expect(html.body.html).toContain('<h3>Hi</h3>');
      expect(html.body.html).toContain('<a href="https://example.org">ok</a>');
      expect(html.body.html).not.toMatch(/script|javascript:/);
    });

    it('takes an image for an image field: checked, resized into its widths as WebP, an SVG rasterised; refuses what is no image', async () => {
      const upload = (file: Buffer, name: string, fieldName = 'presenters.avatar') =>
        request(app)
          .post('/api/team/content/showcase/images')
          .set('Cookie', lead.cookie)
          .set('X-CSRF-Token', lead.csrfToken)
          .field('type', 'session')
          .field('field', fieldName)
          .attach('file', file, name);
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c2410c' } })
        .png()
        .toBuffer();
      const res = await upload(png, 'portrait.png');
      expect([res.status, res.body.error]).toEqual([201, undefined]);
      expect(res.body).toMatchObject({ width: 400, height: 300 });
      for (const width of [64, 160]) {
        const file = await request(app).get(`/api/content/images/${res.body.id}/${width}.webp`);
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        expect(file.headers['cache-control']).toContain('immutable');
        expect((await sharp(file.body as Buffer).metadata()).width).toBe(width);
      }
      expect((await request(app).get(`/api/content/images/${res.body.id}/400.webp`)).status).toBe(404);

      // An SVG with a script is drawn, never served as uploaded; a small one is not upscaled.
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="#15803d"/></svg>',
      );
      const drawn = await upload(svg, 'logo.svg');
      expect(drawn.status).toBe(201);
      const large = await request(app).get(`/api/content/images/${drawn.body.id}/160.webp`);
      expect(large.headers['content-type']).toBe('image/webp');
      expect(large.body.toString('latin1')).not.toContain('script');
      expect((await sharp(large.body as Buffer).metadata()).width).toBe(100);

      // A text file named .png, an oversized file, a field that takes no image.
      const spoofed = await upload(Buffer.from('just text, not a picture'), 'photo.png');
      expect(spoofed.status).toBe(415);
      expect(spoofed.body.error).toMatch(/not an image/);
      const huge = await upload(Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]), 'huge.png');
      expect(huge.status).toBe(413);
      expect(huge.body.error).toMatch(/larger than 10 MB/);
      expect((await upload(png, 'p.png', 'presenters.name')).status).toBe(400);
    });

    // Issue 38 item 6: file-type names an SVG that starts with an XML declaration "xml".
    it('takes an SVG as editors export it (XML declaration, comment, SVG 1.1 doctype) and still refuses XXE, entity bombs, XInclude and external references', async () => {
      const upload = (svg: string) =>
        request(app)
          .post('/api/team/content/showcase/images')
          .set('Cookie', lead.cookie)
          .set('X-CSRF-Token', lead.csrfToken)
          .field('type', 'session')
          .field('field', 'presenters.avatar')
          .attach('file', Buffer.from(svg), 'logo.svg');
      // Whatever the server would fetch lands here: nothing may.
      const fetched: string[] = [];
      const bait = http.createServer((req, res) => {
        fetched.push(req.url ?? '');
        res.end('<!ENTITY x "fetched">');
      });
      await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', () => resolve()));
      const origin = `http://127.0.0.1:${(bait.address() as AddressInfo).port}`;
      try {
        const body = '<rect width="120" height="80" fill="#15803d"/></svg>\n';
        const root =
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80">';
        const exported = [
          `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n${root}${body}`,
          `\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<!-- Generator: Adobe Illustrator 28.0.0, SVG Export Plug-In -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "${origin}/svg11.dtd">\n${root}${body}`,
          `<!-- Created with Inkscape (http://www.inkscape.org/) -->\n${root}<use xlink:href="#r"/><rect id="r" width="1" height="1" fill="url(#g)"/>${body}`,
        ];
        for (const svg of exported) {
          const res = await upload(svg);
          expect([res.status, res.body.error]).toEqual([201, undefined]);
          expect(res.body).toMatchObject({ width: 120, height: 80 });
          const drawn = await request(app).get(`/api/content/images/${res.body.id}/64.webp`);
          expect(drawn.headers['content-type']).toBe('image/webp');
          expect((await sharp(drawn.body as Buffer).metadata()).width).toBe(64);
        }

        const laughs =
          '<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">';
        const hostile = [
          `<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${root}<text>&xxe;</text>${body}`,
          `<?xml version="1.0"?>\n<!DOCTYPE svg [${laughs}]>\n${root}<text>&c;</text>${body}`,
          `<?xml version="1.0"?>\n<!DOCTYPE svg SYSTEM "${origin}/evil.dtd">\n${root}<!ENTITY x "y">${body}`,
          `<?xml version="1.0"?>\n${root}<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd" parse="text"/>${body}`,
          `<?xml version="1.0"?>\n${root}<image href="${origin}/a.png" width="10" height="10"/>${body}`,
          `<?xml version="1.0"?>\n${root}<image xlink:href = 'file:///etc/passwd' width="10" height="10"/>${body}`,
          `${root}<image xlink:href="logo.png" width="10" height="10"/>${body}`,
          `${root}<rect width="10" height="10" style="fill: url( '${origin}/p.svg#x' )"/>${body}`,
          `${root}<style>@import "${origin}/s.css";</style>${body}`,
          `<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body>${root}${body}</body></html>`,
        ];
        for (const svg of hostile) {
          const res = await upload(svg);
          expect([svg, res.status]).toEqual([svg, 415]);
          expect(res.body.error).toMatch(
            /SVG image (declares XML entities|has a document type|includes other files|refers to files outside itself)|not an image we can use/,
          );
        }
        expect(fetched).toEqual([]);
      } finally {
        bait.close();
      }
    });
  });
}
