import request from 'supertest';
import {
  SPEC_FORM_IDS,
  SPEC_FORMS,
  specFieldsOfType,
  specSubmission,
  specZipField,
} from '../../test-support/spec/forms';
import { samples } from './helpers/fixtures';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';

// At least 32 characters: a shorter ADMIN_TOKEN disables the export (issue 13).
const TOKEN = 'spec-forms-admin-token-0123456789abcdef';

// Each case opens a fresh store; on a busy two-core CI machine the first ones take seconds.
jest.setTimeout(20_000);

/**
 * Every form kind of spec §3, sent as the spec describes it (§7 path, JSON or multipart) and read
 * back through the team export: the API must keep exactly the spec's fields, no more, no fewer.
 */
for (const storeCase of storeCases) {
  describeStore(storeCase, 'spec §3 forms through the API and the team export', () => {
    const h = useHarness(storeCase, { adminToken: TOKEN });

    const exported = async (path: string) => {
      const kind = /^\/api\/submit-([a-z]+)-form$/.exec(path)![1]!;
      const res = await request(h.app)
        .get(`/api/admin/submissions?form=${kind}`)
        .set('Authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      return res.body as {
        variant: string;
        fields: Record<string, unknown>;
        files: { name: string; size: number }[];
      }[];
    };

    describe.each(SPEC_FORM_IDS)('%s', (form) => {
      const spec = SPEC_FORMS[form];
      const body = specSubmission(spec, form);

      it('stores every spec field as sent, and nothing else', async () => {
        const send = request(h.app).post(spec.path);
        let res: request.Response;
        if (spec.multipart) {
          const text = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, String(value)]));
          res = await send
            .field(text)
            .attach('files', samples.pdf, 'pilot-results.pdf')
            .attach('files', samples.png, 'burn-scar.png');
        } else {
          res = await send.set('Content-Type', 'application/json').send(JSON.stringify(body));
        }
        expect(res.status).toBe(200);

        const [stored, ...others] = await exported(spec.path);
        expect(others).toEqual([]);
        expect(stored!.variant).toBe(form);
        expect(stored!.fields).toEqual(body);
        const expectedFiles = spec.fields.files === 'files' ? ['pilot-results.pdf', 'burn-scar.png'] : [];
        expect(stored!.files.map((file) => file.name)).toEqual(expectedFiles);
      });

      const zip = specZipField(spec);
      it('requires exactly the §5 required fields', async () => {
        // The empty zip field says which shape this is (the scorecard pages' forms send zip).
        const res = await request(h.app)
          .post(spec.path)
          .send({ organization: 'Fire Safe Council', [zip]: '' });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields).sort()).toEqual([...spec.required].sort());
        expect(await exported(spec.path)).toEqual([]);
      });

      it('stores a submission with only the required fields, every flag false', async () => {
        const minimal = Object.fromEntries(spec.required.map((name) => [name, body[name]]));
        const res = await request(h.app)
          .post(spec.path)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(minimal));
        expect(res.status).toBe(200);
        const [stored] = await exported(spec.path);
        expect(stored!.variant).toBe(form);
        for (const flag of specFieldsOfType(spec, 'boolean')) expect(stored!.fields[flag]).toBe(false);
        for (const name of spec.required) expect(stored!.fields[name]).toBe(body[name]);
      });

      it(
        spec.zipMinLength ? `refuses a ${zip} shorter than ${spec.zipMinLength}` : `accepts any non-empty ${zip}`,
        async () => {
          const res = await request(h.app)
            .post(spec.path)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify({ ...body, [zip]: '123' }));
          if (spec.zipMinLength) {
            expect(res.status).toBe(400);
            expect(Object.keys(res.body.fields)).toEqual([zip]);
          } else {
            expect(res.status).toBe(200);
          }
        },
      );

      it(
        spec.scorecardForm ? 'keeps scorecardForm: true' : 'drops scorecardForm, which this form never carries',
        async () => {
          const res = await request(h.app)
            .post(spec.path)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify({ ...body, scorecardForm: true }));
          expect(res.status).toBe(200);
          const [stored] = await exported(spec.path);
          if (spec.scorecardForm) expect(stored!.fields.scorecardForm).toBe(true);
          else expect(stored!.fields).not.toHaveProperty('scorecardForm');
        },
      );
    });
  });
}
