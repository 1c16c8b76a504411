import { validate as validateOpenApi } from '@readme/openapi-parser';
import request from 'supertest';
import { QUESTION_IDS } from '@wpc/shared/assessment';
import {
  ASSESSMENT_BENCHMARKS_PATH,
  ASSESSMENT_SHARE_PATH,
  ENDPOINT_KINDS,
  endpointPath,
  FEEDBACK_FILE_EXTENSIONS,
} from '@wpc/shared/schemas';
import { createApp } from '../src/app';
import { OPENAPI_PATH, type OpenApiDocument } from '../src/openapi/document';
import { StoreUnavailableError } from '../src/store';
import type { JsonSchema } from '../src/openapi/json-schema';
import { testConfig } from './helpers/config';
import { appRoutes, contractChecker, undocumented } from './helpers/contract';
import { contactScorecardBody, samples, subscribePageBody, validBodies } from './helpers/fixtures';
import { useHarness } from './helpers/harness';
import { describeStore, embeddedCase, storeCases } from './helpers/stores';

// At least 32 characters: a shorter ADMIN_TOKEN disables the export (issue 13).
const TOKEN = 'openapi-contract-token-0123456789abcdef';
const MB = 1024 * 1024;

const scores = (score: number) => Object.fromEntries(QUESTION_IDS.map((id) => [id, score]));
const share = { communityType: 'county', country: 'US', zip: '95945', scores: scores(3), consent: true };

describeStore(embeddedCase, 'the OpenAPI document', () => {
  const h = useHarness(embeddedCase, { adminToken: TOKEN });

  async function servedDocument(): Promise<OpenApiDocument> {
    const res = await request(h.app).get(OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json');
    return res.body as OpenApiDocument;
  }

  it('describes every route the app has, and no route it lacks', async () => {
    const document = await servedDocument();
    const routes = appRoutes(h.app);
    // The walk must see the routes, or an empty list would pass: the eight forms at least.
    for (const kind of ENDPOINT_KINDS) expect(routes).toContainEqual({ method: 'post', path: endpointPath(kind) });
    expect(routes).toContainEqual({ method: 'get', path: '/api/admin/files/{id}' });
    expect(undocumented(routes, document)).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method, path })),
    );
    expect(documented.sort(byRoute)).toEqual([...routes].sort(byRoute));
  });

  it('notices a route the document lacks', async () => {
    const app = createApp({ store: h.store, config: await testConfig() });
    app.get('/api/undocumented/:thing', (_req, res) => {
      res.json({});
    });
    expect(undocumented(appRoutes(app), await servedDocument())).toEqual([
      { method: 'get', path: '/api/undocumented/{thing}' },
    ]);
  });

  it('is valid OpenAPI 3.1', async () => {
    const document = await servedDocument();
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await validateOpenApi(structuredClone(document) as never);
    expect(result).toMatchObject({ valid: true });
    // The validator does look: a parameter without its location is refused.
    const broken = structuredClone(document) as unknown as { components: { parameters: Record<string, object> } };
    const { in: _in, ...idempotencyKey } = document.components.parameters.IdempotencyKey!;
    broken.components.parameters.IdempotencyKey = idempotencyKey;
    expect(await validateOpenApi(broken as never)).toMatchObject({ valid: false });
  });

  it('states the upload limits, the accepted file types and the bearer scheme of the export', async () => {
    const document = await servedDocument();
    const feedback = document.paths[endpointPath('feedback')]!.post!;
    expect(Object.keys(feedback.requestBody!.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    const upload = document.components.schemas.FeedbackFormMultipart as { properties: { files: JsonSchema } };
    expect(upload.properties.files).toMatchObject({ type: 'array', maxItems: 10 });
    // Spec: max 20MB each, and the accepted extensions.
    expect(feedback.description).toContain('at most 20 MB each');
    for (const extension of FEEDBACK_FILE_EXTENSIONS) expect(feedback.description).toContain(extension);
    expect(Object.keys(feedback.responses)).toEqual(
      expect.arrayContaining(['200', '400', '408', '413', '415', '422', '429', '503']),
    );
    expect(document.components.securitySchemes.adminToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const exportOperation = document.paths['/api/admin/submissions']!.get!;
    expect(exportOperation.security).toEqual([{ adminToken: [] }]);
    expect(exportOperation.parameters!.map((parameter) => ('name' in parameter ? parameter.name : ''))).toEqual([
      'form',
      'since',
      'format',
      'limit',
      'after',
    ]);
    expect(Object.keys(exportOperation.responses['200']!).length).toBeGreaterThan(0);
  });

  it('reports answers the document does not describe', async () => {
    const checker = contractChecker(await servedDocument());
    const answer = (status: number, body: unknown, type = 'application/json') =>
      ({ status, body, type, text: JSON.stringify(body) }) as unknown as request.Response;
    expect(
      checker.problems('get', '/api/health', answer(200, { status: 'ok', store: 'embedded', notifications: 'off' })),
    ).toEqual([]);
    expect(checker.problems('get', '/api/health', answer(200, { status: 'ok' }))).not.toEqual([]);
    expect(checker.problems('get', '/api/health', answer(200, { status: 'ok', store: 'embedded', up: 1 }))).not.toEqual(
      [],
    );
    expect(checker.problems('get', '/api/health', answer(418, {}))).not.toEqual([]);
    expect(checker.problems('get', '/api/health', answer(200, '<p>ok</p>', 'text/html'))).not.toEqual([]);
    const contact = endpointPath('contact');
    expect(checker.problems('post', contact, answer(400, { error: 'No.', fields: { email: 'Bad.' } }))).toEqual([]);
    expect(checker.problems('post', contact, answer(400, { error: 'No.', fields: { email: 1 } }))).not.toEqual([]);
  });

  it('accepts the bodies the site sends and refuses what the API refuses by schema', async () => {
    const checker = contractChecker(await servedDocument());
    for (const kind of ENDPOINT_KINDS) {
      expect(checker.requestProblems(endpointPath(kind), validBodies[kind])).toEqual([]);
    }
    expect(checker.requestProblems(endpointPath('subscribe'), subscribePageBody)).toEqual([]);
    expect(checker.requestProblems(endpointPath('contact'), contactScorecardBody)).toEqual([]);
    expect(checker.requestProblems(ASSESSMENT_SHARE_PATH, share)).toEqual([]);

    const { email: _email, ...noEmail } = validBodies.download;
    expect(checker.requestProblems(endpointPath('download'), noEmail)).not.toEqual([]);
    expect(
      checker.requestProblems(endpointPath('download'), { ...validBodies.download, email: 'not-an-email' }),
    ).not.toEqual([]);
    expect(checker.requestProblems(endpointPath('download'), { ...validBodies.download, pilot: 'yes' })).not.toEqual(
      [],
    );
    // A pop-up body that also carries zip is read as the scorecard page's shape, which needs its own fields.
    expect(checker.requestProblems(endpointPath('subscribe'), { ...validBodies.subscribe, zip: '1' })).not.toEqual([]);
    expect(checker.requestProblems(ASSESSMENT_SHARE_PATH, { ...share, consent: false })).not.toEqual([]);
    expect(checker.requestProblems(ASSESSMENT_SHARE_PATH, { ...share, country: 'Atlantis' })).not.toEqual([]);
  });
});

function byRoute(a: { method: string; path: string }, b: { method: string; path: string }): number {
  return `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`);
}

// The answers themselves, on each store: status, media type and body as documented.
for (const storeCase of storeCases) {
  describeStore(storeCase, 'answers match the OpenAPI document', () => {
    const h = useHarness(storeCase, { adminToken: TOKEN });
    let checker: ReturnType<typeof contractChecker>;
    beforeEach(async () => {
      checker = contractChecker((await request(h.app).get(OPENAPI_PATH)).body as OpenApiDocument);
    });
    const auth = `Bearer ${TOKEN}`;

    it('form submissions: 200, 400 (fields and header), 413, 415, 422', async () => {
      const path = endpointPath('contact');
      const post = () => request(h.app).post(path);
      const answers = [
        await post().send(validBodies.contact),
        await post().send({ ...validBodies.contact, firstName: '\u0000' }),
        await post().set('Idempotency-Key', 'short').send(validBodies.contact),
        await post().set('Content-Type', 'application/json').send('{"firstName":'),
        await post().send({ ...validBodies.contact, message: 'x'.repeat(200 * 1024) }),
        await post().set('Content-Type', 'text/plain').send('hello'),
        await post().set('Idempotency-Key', 'contract-key-1').send(validBodies.contact),
        await post().set('Idempotency-Key', 'contract-key-1').send(validBodies.contact),
        await post()
          .set('Idempotency-Key', 'contract-key-1')
          .send({ ...validBodies.contact, message: 'Changed' }),
      ];
      expect(answers.map((res) => res.status)).toEqual([200, 400, 400, 400, 413, 415, 200, 200, 422]);
      expect(answers[7]!.headers['idempotent-replayed']).toBe('true');
      for (const res of answers) expect(checker.problems('post', path, res)).toEqual([]);
    });

    it('form submissions: 503 with Retry-After when the store is down, 429 when rate limited', async () => {
      const path = endpointPath('notifyme');
      jest.spyOn(h.store.submissions, 'insert').mockRejectedValueOnce(new StoreUnavailableError('down'));
      const down = await request(h.app).post(path).send(validBodies.notifyme);
      expect(down.status).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(checker.problems('post', path, down)).toEqual([]);

      const windowMs = 60_000;
      const limited = createApp({ store: h.store, config: { ...h.config, rateLimit: { max: 1, windowMs } } });
      // The shared (MongoDB) counter's windows are aligned to the clock: two requests on either side
      // of a window's end would both be first in their window, so start well inside one.
      const untilWindowEnds = windowMs - (Date.now() % windowMs);
      if (untilWindowEnds < 5_000) await new Promise((resolve) => setTimeout(resolve, untilWindowEnds + 50));
      const first = await request(limited).post(path).send(validBodies.notifyme);
      const second = await request(limited).post(path).send(validBodies.notifyme);
      expect([first.status, second.status]).toEqual([200, 429]);
      expect(second.headers.ratelimit).toEqual(expect.any(String));
      for (const res of [first, second]) expect(checker.problems('post', path, res)).toEqual([]);
    });

    it('uploads: 200, 413 for a file over 20 MB, 415 for a refused type', async () => {
      const path = endpointPath('feedback');
      const upload = () => {
        const req = request(h.app).post(path);
        for (const [name, value] of Object.entries({ ...validBodies.feedback, subscribe: 'true' })) {
          void req.field(name, String(value));
        }
        return req;
      };
      const answers = [
        await upload().attach('files', samples.png, 'map.png'),
        await upload().attach('files', Buffer.alloc(20 * MB + 1, 0x20), 'huge.pdf'),
        await upload().attach('files', Buffer.from('MZ'), 'tool.exe'),
      ];
      expect(answers.map((res) => res.status)).toEqual([200, 413, 415]);
      for (const res of answers) expect(checker.problems('post', path, res)).toEqual([]);
    });

    it('self-assessment: 200 and 400, then the comparison before and after five are shared', async () => {
      const before = await request(h.app).get(ASSESSMENT_BENCHMARKS_PATH);
      expect(before.body.available).toBe(false);
      expect(checker.problems('get', ASSESSMENT_BENCHMARKS_PATH, before)).toEqual([]);
      const invalid = await request(h.app)
        .post(ASSESSMENT_SHARE_PATH)
        .send({ ...share, scores: {} });
      expect(invalid.status).toBe(400);
      expect(checker.problems('post', ASSESSMENT_SHARE_PATH, invalid)).toEqual([]);
      for (let i = 0; i < 5; i += 1) {
        const res = await request(h.app).post(ASSESSMENT_SHARE_PATH).send(share);
        expect(checker.problems('post', ASSESSMENT_SHARE_PATH, res)).toEqual([]);
      }
      // A fresh app: the comparison is cached for a minute.
      const app = createApp({ store: h.store, config: h.config });
      const after = await request(app).get(ASSESSMENT_BENCHMARKS_PATH);
      expect(after.body.available).toBe(true);
      expect(checker.problems('get', ASSESSMENT_BENCHMARKS_PATH, after)).toEqual([]);
    });

    it('stores each documented example body', async () => {
      const document = (await request(h.app).get(OPENAPI_PATH)).body as OpenApiDocument;
      type Schema = { $ref?: string; anyOf?: Schema[]; examples?: Record<string, unknown>[] };
      // A body schema is a reference to a component, or anyOf such references (two form shapes).
      const examplesOf = (schema: Schema): Record<string, unknown>[] =>
        schema.anyOf
          ? schema.anyOf.flatMap(examplesOf)
          : (document.components.schemas[schema.$ref!.split('/').pop()!] as Schema).examples!;
      let sent = 0;
      for (const [path, item] of Object.entries(document.paths)) {
        const content = item.post?.requestBody?.content;
        // The team console's changes need a session (team.test.ts sends its examples' shapes), updates'
        // a token from an email (updates.test.ts sends those), forms posted without scripts have
        // no JSON body (form-posts.test.ts sends each form's), and the edge's batch stores no record
        // (impact.test.ts sends its shapes).
        const elsewhere = ['team', 'updates', 'impact'];
        if (!content?.['application/json'] || elsewhere.some((tag) => item.post?.tags.includes(tag))) continue;
        for (const body of examplesOf(content['application/json']!.schema as Schema)) {
          expect(checker.requestProblems(path, body)).toEqual([]);
          expect([path, (await request(h.app).post(path).send(body)).status]).toEqual([path, 200]);
          sent += 1;
        }
        const multipart = content['multipart/form-data'];
        if (!multipart) continue;
        for (const body of examplesOf(multipart.schema as Schema)) {
          const req = request(h.app).post(path);
          for (const [name, value] of Object.entries(body)) void req.field(name, String(value));
          expect((await req.attach('files', samples.png, 'map.png')).status).toBe(200);
          sent += 1;
        }
      }
      // The eight forms, the second shapes of subscribe and contact, the upload, the self-assessment.
      expect(sent).toBe(ENDPOINT_KINDS.length + 4);
      expect(await h.store.submissions.list()).toHaveLength(ENDPOINT_KINDS.length + 3);
      expect(await h.store.assessments.list()).toHaveLength(1);
    });

    it('health: 200, and 503 when the store is down', async () => {
      expect(checker.problems('get', '/api/health', await request(h.app).get('/api/health'))).toEqual([]);
      jest.spyOn(h.store, 'health').mockResolvedValueOnce({ ok: false, detail: 'down' });
      const res = await request(h.app).get('/api/health');
      expect(res.status).toBe(503);
      expect(checker.problems('get', '/api/health', res)).toEqual([]);
    });

    it('team export: JSON and CSV rows, 400, 401, and the file download', async () => {
      await request(h.app)
        .post(endpointPath('feedback'))
        .field('firstName', 'Ada')
        .field('lastName', 'Lovelace')
        .field('email', 'ada@example.org')
        .field('zipCode', '94110')
        .attach('files', samples.png, 'map.png');
      await request(h.app).post(ASSESSMENT_SHARE_PATH).send(share);
      const path = '/api/admin/submissions';
      const get = (query: string) => request(h.app).get(`${path}${query}`).set('Authorization', auth);
      const answers = [
        await get(''),
        await get('?form=assessment'),
        await get('?format=csv&limit=1'),
        await get('?since=2025-02-30'),
        await request(h.app).get(path),
      ];
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 400, 401]);
      for (const res of answers) expect(checker.problems('get', path, res)).toEqual([]);

      const fileId = (answers[0]!.body as { files: { id: string }[] }[])[0]!.files[0]!.id;
      const filePath = '/api/admin/files/{id}';
      const file = await request(h.app).get(`/api/admin/files/${fileId}`).set('Authorization', auth);
      const missing = await request(h.app).get('/api/admin/files/nothing-here').set('Authorization', auth);
      expect([file.status, missing.status]).toEqual([200, 404]);
      expect(checker.problems('get', filePath, file)).toEqual([]);
      expect(checker.problems('get', filePath, missing)).toEqual([]);
    });

    it('answers a documented path asked with another method 405, naming the allowed ones', async () => {
      const res = await request(h.app).put('/api/health');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(res.body.error).toEqual(expect.any(String));
      const file = await request(h.app).delete('/api/admin/files/abc');
      expect(file.status).toBe(405);
      expect((await request(h.app).put('/api/nowhere')).status).toBe(404);
    });
  });
}
