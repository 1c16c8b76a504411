import request from 'supertest';
import { ENDPOINT_KINDS, endpointPath, type EndpointKind } from '@wpc/shared/schemas';
import { contactScorecardBody, HONEYPOT_FIELD, person, subscribePageBody, validBodies } from './helpers/fixtures';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';

const REQUIRED_ZIP: Record<EndpointKind, string> = {
  download: 'zipCode',
  notifyme: 'zipCode',
  sponsor: 'zipCode',
  collab: 'zipCode',
  subscribe: 'zipCode',
  feedback: 'zipCode',
  contact: 'zipCode',
  support: 'zipCode',
};

// Every case runs on the embedded store; the MongoDB case runs only with MONGODB_URI (CI sets it
// to FerretDB) and is otherwise skipped with a warning, never faked.
for (const storeCase of storeCases) {
  describeStore(storeCase, 'submit endpoints', () => {
    const h = useHarness(storeCase);

    const post = (kind: EndpointKind, body: unknown) =>
      request(h.app).post(endpointPath(kind)).set('Content-Type', 'application/json').send(JSON.stringify(body));

    const expectNothingStored = async () => expect(await h.store.submissions.list()).toEqual([]);

    describe.each(ENDPOINT_KINDS)('%s', (kind) => {
      it('stores a valid submission with its form kind, fields, page and time', async () => {
        const before = Date.now();
        const res = await post(kind, validBodies[kind]).set(
          'Referer',
          'http://localhost:3000/scorecard/participation?utm=x',
        );
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ok: true });

        const [stored, ...rest] = await h.store.submissions.list();
        expect(rest).toEqual([]);
        expect(stored).toMatchObject({ form: kind, fields: validBodies[kind], files: [] });
        expect(stored?.page).toBe(kind === 'feedback' ? 'feedback' : '/scorecard/participation');
        expect(stored!.receivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      });

      it('refuses a submission without the required fields, naming each of them', async () => {
        const res = await post(kind, { organization: 'Org' });
        expect(res.status).toBe(400);
        expect(res.type).toBe('application/json');
        expect(Object.keys(res.body.fields).sort()).toEqual(
          ['email', 'firstName', 'lastName', REQUIRED_ZIP[kind]].sort(),
        );
        await expectNothingStored();
      });

      it('refuses an invalid email address', async () => {
        const res = await post(kind, { ...validBodies[kind], email: 'ada@' });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields)).toEqual(['email']);
        await expectNothingStored();
      });

      it('refuses objects and arrays where text is expected (query injection)', async () => {
        for (const hostile of [{ $gt: '' }, { $ne: null }, ['ada@example.org']]) {
          const res = await post(kind, { ...validBodies[kind], email: hostile, firstName: { $where: 'sleep(1000)' } });
          expect(res.status).toBe(400);
          expect(Object.keys(res.body.fields).sort()).toEqual(['email', 'firstName']);
        }
        await expectNothingStored();
      });

      it('drops unknown fields, including operator and prototype keys', async () => {
        const body = JSON.parse(
          `{"__proto__":{"admin":true},"$where":"1","constructor":{"x":1},"isAdmin":true,${JSON.stringify(validBodies[kind]).slice(1)}`,
        ) as Record<string, unknown>;
        expect((await post(kind, body)).status).toBe(200);
        const [stored] = await h.store.submissions.list();
        expect(Object.keys(stored!.fields).sort()).toEqual(Object.keys(validBodies[kind]).sort());
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
      });

      it('answers a filled-in honeypot with 200 and stores nothing', async () => {
        const res = await post(kind, { ...validBodies[kind], [HONEYPOT_FIELD]: 'http://spam.example' });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ok: true });
        await expectNothingStored();
      });

      it('refuses text longer than its maximum', async () => {
        const res = await post(kind, { ...validBodies[kind], firstName: 'a'.repeat(101) });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields)).toEqual(['firstName']);
      });
    });

    it('stores the scorecard subscribe page shape (zip and its own flags)', async () => {
      expect((await post('subscribe', subscribePageBody)).status).toBe(200);
      const [stored] = await h.store.submissions.list({ form: 'subscribe' });
      expect(stored).toMatchObject({ form: 'subscribe', variant: 'subscribePage', fields: subscribePageBody });
    });

    it('stores the pop-up subscribe shape as its own variant', async () => {
      expect((await post('subscribe', validBodies.subscribe)).status).toBe(200);
      const [stored] = await h.store.submissions.list();
      expect(stored).toMatchObject({ variant: 'subscribe', fields: validBodies.subscribe });
    });

    it('stores the scorecard contact page shape (zip and its own flags)', async () => {
      expect((await post('contact', contactScorecardBody)).status).toBe(200);
      const [stored] = await h.store.submissions.list();
      expect(stored).toMatchObject({ form: 'contact', variant: 'contactScorecard', fields: contactScorecardBody });
    });

    it('applies the 4-character zip minimum only where the spec sets it', async () => {
      for (const kind of ['download', 'notifyme', 'collab', 'subscribe', 'feedback', 'contact'] as const) {
        const res = await post(kind, { ...validBodies[kind], zipCode: '123' });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields)).toEqual(['zipCode']);
      }
      expect((await post('subscribe', { ...subscribePageBody, zip: '123' })).status).toBe(400);
      expect((await post('support', { ...validBodies.support, zipCode: '1' })).status).toBe(200);
      expect((await post('sponsor', { ...validBodies.sponsor, zipCode: '1' })).status).toBe(200);
      expect((await post('contact', { ...contactScorecardBody, zip: '1' })).status).toBe(200);
    });

    it('accepts only real booleans for flags in JSON, and defaults missing flags to false', async () => {
      for (const value of ['true', 1, 'yes', null]) {
        const res = await post('download', { ...validBodies.download, subscribe: value });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields)).toEqual(['subscribe']);
      }
      expect((await post('download', { ...validBodies.download, scorecardForm: 'true' })).status).toBe(400);
      expect((await post('download', { ...person, zipCode: '94110' })).status).toBe(200);
      const [stored] = await h.store.submissions.list();
      expect(stored!.fields).toEqual({ ...person, zipCode: '94110', subscribe: false, pilot: false });
    });

    it('trims text before checking it', async () => {
      expect((await post('notifyme', { ...person, firstName: '   ', zipCode: '94110' })).status).toBe(400);
      expect((await post('notifyme', { ...person, email: '  ada@example.org ', zipCode: ' 94110 ' })).status).toBe(200);
      const [stored] = await h.store.submissions.list();
      expect(stored!.fields).toMatchObject({ email: 'ada@example.org', zipCode: '94110' });
    });

    it('answers malformed JSON with 400', async () => {
      const res = await request(h.app)
        .post(endpointPath('contact'))
        .set('Content-Type', 'application/json')
        .send('{"firstName": "Ada",');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(/not valid JSON/) });
      await expectNothingStored();
    });

    it('answers a JSON body over 100 KB with 413', async () => {
      const res = await post('contact', { ...validBodies.contact, message: 'x'.repeat(101 * 1024) });
      expect(res.status).toBe(413);
      expect(res.body.error).toMatch(/too large/);
      await expectNothingStored();
    });

    it('refuses a body that is not a JSON object', async () => {
      for (const body of ['[1,2]', '"text"', 'null', '42']) {
        const res = await request(h.app)
          .post(endpointPath('notifyme'))
          .set('Content-Type', 'application/json')
          .send(body);
        expect(res.status).toBe(400);
      }
      expect((await post('notifyme', {})).status).toBe(400);
      await expectNothingStored();
    });

    it('answers other content types with 415', async () => {
      const form = await request(h.app)
        .post(endpointPath('sponsor'))
        .type('form')
        .send({ ...person, zipCode: '94110' });
      expect(form.status).toBe(415);
      const text = await request(h.app).post(endpointPath('notifyme')).set('Content-Type', 'text/plain').send('hello');
      expect(text.status).toBe(415);
      const bare = await request(h.app).post(endpointPath('notifyme'));
      expect(bare.status).toBe(415);
      expect(bare.body.error).toMatch(/application\/json/);
      await expectNothingStored();
    });

    it('only accepts POST on the submit endpoints (405, naming POST)', async () => {
      const res = await request(h.app).get(endpointPath('download'));
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST, OPTIONS');
      expect(res.type).toBe('application/json');
    });
  });
}
