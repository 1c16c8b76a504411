import { Readable } from 'node:stream';
import request from 'supertest';
import { createApp } from '../src/app';
import { endpointPath } from '@wpc/shared/schemas';
import { parseCsv } from '../../test-support/csv';
import { testConfig } from './helpers/config';
import { person, samples, validBodies } from './helpers/fixtures';
import { cspDirectives } from './helpers/headers';
import { useHarness } from './helpers/harness';
import { describeStore, embeddedCase, storeCases } from './helpers/stores';

const TOKEN = 'correct-horse-battery-staple-0123456789';
const auth = `Bearer ${TOKEN}`;

// Every case runs on the embedded store; the MongoDB case runs only with MONGODB_URI (CI sets it
// to FerretDB) and is otherwise skipped with a warning, never faked.
for (const storeCase of storeCases) {
  describeStore(storeCase, 'team export', () => {
    const h = useHarness(storeCase, { adminToken: TOKEN });

    async function seed() {
      await h.store.submissions.insert({
        form: 'download',
        variant: 'download',
        page: '/scorecard',
        files: [],
        fields: { ...person, zipCode: '94110', subscribe: true, pilot: false },
        receivedAt: new Date('2025-01-10T12:00:00Z'),
      });
      await h.store.submissions.insert({
        form: 'contact',
        variant: 'contact',
        page: '/contact-us',
        files: [],
        fields: {
          ...person,
          firstName: '=HYPERLINK("http://evil")',
          zipCode: '94110',
          message: 'Line one\nline "two", three',
        },
        receivedAt: new Date('2025-02-10T12:00:00Z'),
      });
      await h.store.submissions.insert({
        form: 'download',
        variant: 'download',
        page: null,
        files: [],
        fields: { ...person, lastName: 'Byron', zipCode: '10001', subscribe: false, pilot: true },
        receivedAt: new Date('2025-03-10T12:00:00Z'),
      });
    }

    it('refuses requests without the right bearer token with 401', async () => {
      for (const header of [
        undefined,
        '',
        'Bearer',
        'Bearer wrong',
        `Basic ${TOKEN}`,
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(0, -1)}`,
      ]) {
        const req = request(h.app).get('/api/admin/submissions');
        if (header !== undefined) void req.set('Authorization', header);
        const res = await req;
        expect(res.status).toBe(401);
        expect(res.body.error).toMatch(/admin token/);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      }
      expect((await request(h.app).get('/api/admin/files/0123456789abcdef01234567')).status).toBe(401);
    });

    it('exports every submission as a JSON array, oldest first', async () => {
      await seed();
      const res = await request(h.app).get('/api/admin/submissions').set('Authorization', auth);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toHaveLength(3);
      expect(res.body[0]).toEqual({
        id: expect.any(String),
        form: 'download',
        variant: 'download',
        page: '/scorecard',
        files: [],
        fields: { ...person, zipCode: '94110', subscribe: true, pilot: false },
        receivedAt: '2025-01-10T12:00:00.000Z',
      });
    });

    it('filters by form and by date', async () => {
      await seed();
      const downloads = await request(h.app).get('/api/admin/submissions?form=download').set('Authorization', auth);
      expect(downloads.body.map((s: { fields: { lastName: string } }) => s.fields.lastName)).toEqual([
        'Lovelace',
        'Byron',
      ]);
      const since = await request(h.app)
        .get('/api/admin/submissions?form=download&since=2025-02-01')
        .set('Authorization', auth);
      expect(since.body).toHaveLength(1);
      const sinceTime = await request(h.app)
        .get('/api/admin/submissions?since=2025-02-10T12:00:00Z')
        .set('Authorization', auth);
      expect(sinceTime.body.map((s: { form: string }) => s.form)).toEqual(['contact', 'download']);
    });

    it('refuses unknown filters with 400 naming them', async () => {
      const res = await request(h.app)
        .get('/api/admin/submissions?form=newsletter&since=yesterday&format=xml')
        .set('Authorization', auth);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields).sort()).toEqual(['form', 'format', 'since']);
      const repeated = await request(h.app)
        .get('/api/admin/submissions?form=download&form=contact')
        .set('Authorization', auth);
      expect(repeated.status).toBe(400);
    });

    it('exports CSV with a header row, safe against spreadsheet formulas', async () => {
      await seed();
      const res = await request(h.app).get('/api/admin/submissions?format=csv').set('Authorization', auth);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="?submissions-all-\d{4}-\d{2}-\d{2}\.csv"?$/,
      );
      const rows = parseCsv(res.text, { exact: true });
      const [header, ...data] = rows;
      expect(header!.slice(0, 5)).toEqual(['id', 'form', 'variant', 'receivedAt', 'page']);
      expect(header).toEqual(
        expect.arrayContaining(['firstName', 'lastName', 'email', 'zipCode', 'message', 'subscribe', 'pilot', 'files']),
      );
      expect(data).toHaveLength(3);
      const column = (name: string) => header!.indexOf(name);
      expect(data[1]![column('firstName')]).toBe(`'=HYPERLINK("http://evil")`);
      expect(data[1]![column('message')]).toBe('Line one\nline "two", three');
      expect(data[0]![column('subscribe')]).toBe('true');
      expect(data[2]![column('page')]).toBe('');
      expect(data[0]![column('receivedAt')]).toBe('2025-01-10T12:00:00.000Z');
    });

    it('exports a header row even when nothing matches', async () => {
      const res = await request(h.app).get('/api/admin/submissions?form=sponsor&format=csv').set('Authorization', auth);
      expect(res.status).toBe(200);
      // The sponsor form's fields (spec §3), every cell quoted.
      expect(res.text).toBe(
        '"id","form","variant","receivedAt","page","firstName","lastName","email","organization","role","zipCode","message",' +
          '"meeting","information","customSponsor","receiveUpdate","attendMeetings","otherFields","files"\r\n',
      );
    });

    it('streams every row in pages with limit and after, and is not cut off by the submit deadline', async () => {
      const ROWS = 300;
      // Groups of three rows share a receivedAt, so ties must be broken by id to page correctly.
      for (let n = 0; n < ROWS; n += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            h.store.submissions.insert({
              form: 'notifyme',
              variant: 'notify',
              page: null,
              files: [],
              fields: { ...person, email: `row-${n + i}@example.org`, zipCode: '94110' },
              receivedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, Math.floor((n + i) / 3))),
            }),
          ),
        );
      }
      // A store deadline of 1 ms would end any single store call: the export is bounded per batch instead.
      const app = createApp({ store: h.store, config: await testConfig({ adminToken: TOKEN, storeTimeoutMs: 1 }) });
      const all = await request(app).get('/api/admin/submissions').set('Authorization', auth);
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength(ROWS);
      const paged: { id: string }[] = [];
      let after = '';
      for (let page = 0; page < 10; page += 1) {
        const res = await request(app)
          .get(`/api/admin/submissions?limit=120${after ? `&after=${after}` : ''}`)
          .set('Authorization', auth);
        expect(res.status).toBe(200);
        if (res.body.length === 0) break;
        paged.push(...(res.body as { id: string }[]));
        after = paged.at(-1)!.id;
      }
      expect(paged.map((row) => row.id)).toEqual((all.body as { id: string }[]).map((row) => row.id));
      const csv = await request(app).get('/api/admin/submissions?format=csv&limit=100').set('Authorization', auth);
      expect(parseCsv(csv.text, { exact: true })).toHaveLength(101);
    }, 60_000);

    it('answers 400 for a resume cursor that names no row', async () => {
      const res = await request(h.app)
        .get('/api/admin/submissions?after=0123456789abcdef01234567')
        .set('Authorization', auth);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ after: expect.stringMatching(/No submission has the id/) });
    });

    it('serves an upload as an attachment that the browser will not render', async () => {
      const uploaded = await request(h.app)
        .post(endpointPath('feedback'))
        .field({ ...validBodies.feedback, subscribe: 'true' } as Record<string, string>)
        .attach('files', samples.svg, 'drawing <script>.svg');
      expect(uploaded.status).toBe(200);
      const list = await request(h.app).get('/api/admin/submissions?form=feedback').set('Authorization', auth);
      const [file] = list.body[0].files as { id: string; name: string }[];
      expect(file!.name).toBe('drawing _script_.svg');

      const res = await request(h.app)
        .get(`/api/admin/files/${file!.id}`)
        .set('Authorization', auth)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (chunk: Buffer) => chunks.push(chunk));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="drawing _script_.svg"');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = cspDirectives(String(res.headers['content-security-policy']));
      expect(csp['default-src']).toEqual(["'none'"]);
      // A bare sandbox: no allow-scripts, allow-same-origin or any other exception.
      expect(csp.sandbox).toEqual([]);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect((res.body as Buffer).equals(samples.svg)).toBe(true);
    });

    it('answers 404 for an unknown or malformed file id', async () => {
      for (const id of [
        '0123456789abcdef01234567',
        '0123456789abcdef0123456789abcdef',
        '..%2F..%2Fetc%2Fpasswd',
        'zz',
      ]) {
        const res = await request(h.app).get(`/api/admin/files/${id}`).set('Authorization', auth);
        expect(res.status).toBe(404);
        expect(res.type).toBe('application/json');
      }
    });

    it('streams files kept by the store directly', async () => {
      const saved = await h.store.files.save(Readable.from([samples.pdf]), {
        name: 'report.pdf',
        contentType: 'application/pdf',
      });
      const res = await request(h.app).get(`/api/admin/files/${saved.id}`).set('Authorization', auth);
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe(String(samples.pdf.length));
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?report\.pdf"?$/);
    });
  });
}

describeStore(embeddedCase, 'team export without ADMIN_TOKEN', () => {
  const h = useHarness(embeddedCase);

  it('is disabled with a JSON explanation', async () => {
    const shortToken = await testConfig({ adminToken: 'too-short', adminTokenError: undefined });
    const app = createApp({ store: h.store, config: shortToken });
    const refused = await request(app).get('/api/admin/submissions').set('Authorization', 'Bearer too-short');
    expect(refused.status).toBe(404);
    expect(refused.body.error).toMatch(/disabled: ADMIN_TOKEN is shorter than 32 characters/);

    for (const path of ['/api/admin/submissions', '/api/admin/files/0123456789abcdef0123456789abcdef']) {
      const res = await request(h.app).get(path).set('Authorization', 'Bearer anything');
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/ADMIN_TOKEN/);
    }
  });
});

describe('failed admin attempts', () => {
  it('are rate limited', async () => {
    const config = await testConfig({ adminToken: TOKEN, rateLimit: { max: 2 } });
    const testStore = await embeddedCase.create();
    try {
      const app = createApp({ store: testStore.store, config });
      expect((await request(app).get('/api/admin/submissions').set('Authorization', 'Bearer a')).status).toBe(401);
      expect((await request(app).get('/api/admin/submissions').set('Authorization', 'Bearer b')).status).toBe(401);
      const limited = await request(app).get('/api/admin/submissions').set('Authorization', auth);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatch(/Too many/);
    } finally {
      await testStore.destroy();
    }
  });
});
