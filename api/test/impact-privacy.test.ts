import fs from 'node:fs/promises';
import type { Database } from 'better-sqlite3';
import type { Db } from 'mongodb';
import request from 'supertest';
import { ASSESSMENT_SHARE_PATH, endpointPath } from '@wpc/shared/schemas';
import { QUESTION_IDS } from '@wpc/shared/assessment';
import { createApp } from '../src/app';
import type { DatabaseClient } from '../src/db/client';
import { impactCounter } from '../src/impact/counter';
import { IMPACT_COLLECTIONS } from '../src/records/impact/record';
import type { Store } from '../src/store';
import { erasePerson } from '../src/team/erase';
import { testConfig } from './helpers/config';
import { validBodies } from './helpers/fixtures';
import { describeStore, storeCases, type TestStore } from './helpers/stores';

// Issue 40, privacy: the analytics records hold no IP, user agent, email, name or full postal
// code, and erasing a person changes nothing there.

const COLLECTIONS = IMPACT_COLLECTIONS.map((collection) => collection.name);
const PERSON = { firstName: 'Augusta', lastName: 'Byronking', email: 'augusta.byronking@example.org' };
const IP = '203.0.113.77';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) PrivacyProbe/9.9 Chrome/131.0.0.0 Safari/537.36';
const FORBIDDEN = [
  IP,
  'PrivacyProbe',
  'Augusta',
  'Byronking',
  'augusta.byronking',
  '94110',
  '95945',
  'V6B 1A1',
  'V6B1A1',
  'inbox?user',
];

/** Every document of the impact collections, read past the repository, as JSON text. */
async function impactDocuments(store: Store): Promise<string[]> {
  let raw: DatabaseClient<object> | undefined;
  store.over((client) => {
    raw = client as DatabaseClient<object>;
    return client;
  });
  return raw!.run('privacy scan', async (handle) => {
    const found: string[] = [];
    for (const name of COLLECTIONS) {
      if (store.kind === 'embedded')
        found.push(
          ...((handle as Database).prepare(`SELECT id, doc FROM "${name}"`).all() as object[]).map((row) =>
            JSON.stringify(row),
          ),
        );
      else found.push(...(await (handle as Db).collection(name).find({}).toArray()).map((doc) => JSON.stringify(doc)));
    }
    return found.sort();
  });
}

for (const storeCase of storeCases) {
  describeStore(storeCase, 'impact: no personal data in the counts', () => {
    let testStore: TestStore;
    afterEach(() => testStore.destroy());

    it('keeps no address, user agent, email, name or postal code, and erasing a person changes nothing', async () => {
      testStore = await storeCase.create();
      const store = testStore.store;
      await store.init();
      const config = await testConfig({ siteOrigin: 'https://wildfire.example' });
      const counter = impactCounter({ store, siteOrigin: config.siteOrigin });
      const app = createApp({ store, config, impact: counter });
      const visitor = { 'X-Forwarded-For': IP, 'User-Agent': USER_AGENT };
      try {
        await request(app)
          .post('/api/impact/view')
          .set(visitor)
          .set(
            'X-Impact-Page',
            `/scorecard?utm_source=newsletter&utm_medium=email&utm_campaign=spring&email=${PERSON.email}`,
          )
          .set('Referer', `https://mail.example.net/inbox?user=${PERSON.email}`)
          .expect(204);
        await request(app).post('/api/impact/beacon').set(visitor).send({ type: 'view', route: '/about' }).expect(204);
        await request(app)
          .post('/api/impact/beacon')
          .set(visitor)
          .send({ type: 'outcome', outcome: 'form-opened', route: '/scorecard', form: 'download' })
          .expect(204);
        for (const zipCode of ['94110', 'V6B 1A1'])
          await request(app)
            .post(endpointPath('download'))
            .set(visitor)
            .send({ ...validBodies.download, ...PERSON, zipCode, subscribe: true, pilot: true })
            .expect(200);
        const scores = Object.fromEntries(QUESTION_IDS.map((id) => [id, 4]));
        await request(app)
          .post(ASSESSMENT_SHARE_PATH)
          .set(visitor)
          .send({ communityType: 'county', country: 'us', zip: '95945', scores, consent: true })
          .expect(200);
        await counter.flush();

        const before = await impactDocuments(store);
        // Counted (not just nothing): the day's counters (views, outcomes, reach), the all-time
        // reach, the visitor's hash and the day's salt.
        expect(before).toHaveLength(4);
        for (const counted of [
          'view|route|/scorecard',
          'view|route|/about',
          'form-opened|form|download',
          'download-form-sent|all|',
          'reach:download|county|06075',
          'reach:download|province|BC',
        ])
          expect(before.filter((doc) => doc.includes(counted))).toHaveLength(counted.startsWith('reach') ? 2 : 1);
        for (const doc of before) for (const text of FORBIDDEN) expect([doc, doc.includes(text)]).toEqual([doc, false]);

        await erasePerson(store, PERSON.email, new Date());
        expect(await impactDocuments(store)).toEqual(before);
      } finally {
        await fs.rm(config.uploads.tmpDir, { recursive: true, force: true });
      }
    });
  });
}
