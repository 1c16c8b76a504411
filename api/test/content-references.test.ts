import type { Express } from 'express';
import request from 'supertest';
import { defineAreaModel, defineContentType, field, type ContentArea } from '@wpc/shared/content-model';
import type { PublishedEntry } from '@wpc/shared/content-contract';
import { createApp } from '../src/app';
import { contentService } from '../src/content/service';
import { testConfig } from './helpers/config';
import { testContentModels } from './helpers/content-models';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';
import { useTestMail } from './helpers/mail-server';
import { signIn, type SignedIn, teamPost } from './helpers/team';
import { titledType } from '../../test-support/content-types';

// Issue 38 item 3: a reference names a published entry of its declared type, on publish and on
// schedule; unpublishing an entry others name lists them and asks first; the public API never
// serves a reference that names nothing published. The models are the areas' shapes in small:
// a session names its showcase (required, same area), an organisation its session (optional,
// another area), and a press release is of another type altogether.

const LEAD = 'lead@consortium.test';
const SEED_DATE = '2024-02-19T00:00:00.000Z';

const MODELS = {
  scorecard: defineAreaModel({
    area: 'scorecard',
    seedDate: SEED_DATE,
    seed: [],
    types: {
      pressRelease: titledType('Press release', 'Press releases', { title: field.text({ label: 'Title' }) }),
    },
  }),
  showcase: defineAreaModel({
    area: 'showcase',
    seedDate: SEED_DATE,
    seed: [],
    types: {
      showcase: titledType('Showcase', 'Showcases', { title: field.text({ label: 'Title' }) }),
      session: titledType('Session', 'Sessions', {
        showcase: field.reference({ label: 'Showcase', to: 'showcase' }),
        title: field.text({ label: 'Title' }),
      }),
    },
  }),
  map: defineAreaModel({
    area: 'map',
    seedDate: SEED_DATE,
    seed: [],
    types: {
      organisation: defineContentType({
        label: 'Organisation',
        plural: 'Organisations',
        titleField: 'name',
        slugFrom: 'name',
        fields: {
          name: field.text({ label: 'Name' }),
          session: field.reference({ label: 'Showcase session', to: 'showcase/session', optional: true }),
        },
      }),
    },
  }),
} as const;

const entry = (type: string, id: string, data: Record<string, unknown>): PublishedEntry => ({
  type,
  id,
  slug: id,
  data,
  publishedAt: '2025-07-16T19:00:00.000Z',
  updatedAt: '2025-07-16T19:00:00.000Z',
});
const RELEASE = entry('pressRelease', 'release-1', { title: 'Scorecard launched' });
const SPRING = entry('showcase', 'spring-2025', { title: 'Spring 2025' });
const FUEL_BREAKS = entry('session', 'fuel-breaks', { showcase: 'spring-2025', title: 'Fuel breaks' });
const EMBERS = entry('organisation', 'embers-inc', { name: 'Embers Inc', session: 'fuel-breaks' });
const SEEDS: Record<keyof typeof MODELS, PublishedEntry[]> = {
  scorecard: [RELEASE],
  showcase: [SPRING, FUEL_BREAKS],
  map: [EMBERS],
};

const models = testContentModels(MODELS, SEEDS);

const testMail = useTestMail();

for (const storeCase of storeCases) {
  describeStore(storeCase, 'references between entries', () => {
    const h = useHarness(storeCase);
    let app: Express;
    let now: number;
    let lead: SignedIn;

    const post = (url: string, body: object = {}) => teamPost(app, lead, `/api/team/content${url}`, body);
    const published = async (area: ContentArea) =>
      (await request(app).get(`/api/content/published?area=${area}`)).body as {
        revision: string;
        entries: PublishedEntry[];
      };
    const served = async (area: ContentArea, id: string) =>
      (await published(area)).entries.find((candidate) => candidate.id === id);
    const draft = async (area: ContentArea, type: string, slug: string, data: Record<string, unknown>) => {
      const created = await post(`/${area}/entries`, { type, slug, data });
      expect(created.status).toBe(201);
      return created.body.entry as { id: string; version: number };
    };

    beforeEach(async () => {
      now = Date.parse('2026-11-26T09:00:00Z');
      const config = await testConfig({ teamEmails: [LEAD] });
      app = createApp({ store: h.store, config, mailer: testMail.mailer, clock: () => now, contentModels: models });
      const { publishing } = contentService({ store: h.store, models, clock: () => new Date(now) });
      for (const area of ['scorecard', 'showcase', 'map'] as const) await publishing.loadSeed(area);
      lead = await signIn(app, testMail.smtp, LEAD);
    });

    it('refuses to publish a session whose showcase is a press release, missing or unpublished, naming the field; publishes it once the showcase is', async () => {
      const session = await draft('showcase', 'session', 'wildfire-drones', { showcase: RELEASE.id, title: 'Drones' });
      const publish = (version: number) => post(`/showcase/entries/${session.id}/publish`, { version });
      const asRelease = await publish(session.version);
      expect(asRelease.status).toBe(400);
      expect(asRelease.body.fields).toEqual({
        showcase: 'Choose a published showcase: this one is not published, or is not a showcase.',
      });

      const missing = await post(`/showcase/entries/${session.id}`, {
        version: session.version,
        slug: 'wildfire-drones',
        data: { showcase: 'autumn-2099', title: 'Drones' },
      });
      expect(Object.keys((await publish(missing.body.entry.version)).body.fields)).toEqual(['showcase']);

      const autumn = await draft('showcase', 'showcase', 'autumn-2026', { title: 'Autumn 2026' });
      const unpublished = await post(`/showcase/entries/${session.id}`, {
        version: missing.body.entry.version,
        slug: 'wildfire-drones',
        data: { showcase: autumn.id, title: 'Drones' },
      });
      const refused = await publish(unpublished.body.entry.version);
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.fields)).toEqual(['showcase']);
      expect(await served('showcase', session.id)).toBeUndefined();

      expect((await post(`/showcase/entries/${autumn.id}/publish`, { version: autumn.version })).status).toBe(200);
      const done = await publish(unpublished.body.entry.version);
      expect(done.status).toBe(200);
      expect((await served('showcase', session.id))?.data).toEqual({ showcase: autumn.id, title: 'Drones' });
    });

    it('schedules a session only when its showcase is published or scheduled by then, and never serves it once that showcase is not', async () => {
      const autumn = await draft('showcase', 'showcase', 'autumn-2026', { title: 'Autumn 2026' });
      const session = await draft('showcase', 'session', 'wildfire-drones', { showcase: autumn.id, title: 'Drones' });
      const schedule = (id: string, version: number, at: string) =>
        post(`/showcase/entries/${id}/schedule`, { version, at });

      const showcaseAt = await schedule(autumn.id, autumn.version, '2026-11-26T11:00:00Z');
      expect(showcaseAt.status).toBe(200);
      const tooEarly = await schedule(session.id, session.version, '2026-11-26T10:00:00Z');
      expect(tooEarly.status).toBe(400);
      expect(tooEarly.body.fields).toEqual({
        showcase: 'Choose a showcase that is published, or scheduled by then: this one is not.',
      });
      const sessionAt = await schedule(session.id, session.version, '2026-11-26T11:30:00Z');
      expect(sessionAt.status).toBe(200);

      // The showcase's schedule is cancelled: at its time the session is published, but not served.
      expect(
        (await post(`/showcase/entries/${autumn.id}/unschedule`, { version: showcaseAt.body.entry.version })).status,
      ).toBe(200);
      now = Date.parse('2026-11-26T12:00:00Z');
      const after = await published('showcase');
      expect(after.entries.map((candidate) => candidate.id).sort()).toEqual([SPRING.id, FUEL_BREAKS.id].sort());
      const list = (await request(app).get('/api/team/content/showcase').set('Cookie', lead.cookie)).body.entries;
      expect(list.find((candidate: { id: string }) => candidate.id === session.id).status).toBe('published');
    });

    it('asks before unpublishing an entry others name, listing them in every area; confirmed, none of them is served naming it', async () => {
      const sessionList = (await request(app).get('/api/team/content/showcase').set('Cookie', lead.cookie)).body;
      const version = (id: string) =>
        sessionList.entries.find((candidate: { id: string }) => candidate.id === id).version;
      const mapBefore = await published('map');
      expect(mapBefore.entries).toEqual([EMBERS]);

      // The session is named by an organisation of the map area.
      const asked = await post(`/showcase/entries/${FUEL_BREAKS.id}/unpublish`, { version: version(FUEL_BREAKS.id) });
      expect(asked.status).toBe(409);
      expect(asked.body.referencedBy).toEqual([
        { area: 'map', type: 'organisation', id: EMBERS.id, title: 'Embers Inc' },
      ]);
      expect(await served('showcase', FUEL_BREAKS.id)).toEqual(FUEL_BREAKS);

      const confirmed = await post(`/showcase/entries/${FUEL_BREAKS.id}/unpublish`, {
        version: version(FUEL_BREAKS.id),
        confirm: true,
      });
      expect(confirmed.status).toBe(200);
      expect(await served('showcase', FUEL_BREAKS.id)).toBeUndefined();
      // The map's content changed with it: a new revision, the organisation without its session.
      const mapAfter = await published('map');
      expect(mapAfter.revision).not.toBe(mapBefore.revision);
      expect(mapAfter.entries).toEqual([{ ...EMBERS, data: { name: 'Embers Inc' } }]);

      // Published again, the organisation names it again, in a new revision.
      const again = await post(`/showcase/entries/${FUEL_BREAKS.id}/publish`, {
        version: confirmed.body.entry.version,
      });
      expect(again.status).toBe(200);
      const mapAgain = await published('map');
      expect(mapAgain.revision).not.toBe(mapAfter.revision);
      expect(mapAgain.entries.map((candidate) => candidate.data)).toEqual([EMBERS.data]);

      // The showcase is named by the session (required): confirmed, the session is not served at all.
      const showcaseAsked = await post(`/showcase/entries/${SPRING.id}/unpublish`, { version: version(SPRING.id) });
      expect(showcaseAsked.body.referencedBy).toEqual([
        { area: 'showcase', type: 'session', id: FUEL_BREAKS.id, title: 'Fuel breaks' },
      ]);
      await post(`/showcase/entries/${SPRING.id}/unpublish`, { version: version(SPRING.id), confirm: true });
      expect((await published('showcase')).entries).toEqual([]);
      expect((await published('map')).entries).toEqual([{ ...EMBERS, data: { name: 'Embers Inc' } }]);

      // An entry nobody names is unpublished at once.
      expect((await post(`/scorecard/entries/${RELEASE.id}/unpublish`, { version: 1 })).status).toBe(200);
    });
  });
}
