// Forms sent by the browser itself (no scripts), as the edge passes them on: every form kind of
// the spec, urlencoded as a browser encodes a form (a ticked box sends "true", an unticked one
// nothing), and feedback as multipart with a file. Expected values come from the spec's fixture.
import request from 'supertest';
import { SPEC_FORM_IDS, SPEC_FORMS, specSubmission, type SpecFormId } from '../../test-support/spec/forms';
import { FORM_POSTS_PATH } from '../src/routes/form-posts';
import { samples } from './helpers/fixtures';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';

/** A form as the browser posts it: text as typed, ticked boxes as "true", unticked ones left out. */
function browserBody(values: Record<string, string | boolean>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === true) body.append(name, 'true');
    else if (typeof value === 'string') body.append(name, value);
  }
  return body.toString();
}

for (const storeCase of storeCases) {
  describeStore(storeCase, 'forms posted without scripts', () => {
    const h = useHarness(storeCase);

    const post = (form: string, body: string) =>
      request(h.app)
        .post(`${FORM_POSTS_PATH}/${form}`)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Sec-Fetch-Site', 'same-origin')
        .send(body);

    describe.each(SPEC_FORM_IDS)('%s', (form: SpecFormId) => {
      const spec = SPEC_FORMS[form];
      const values = specSubmission(spec, `post-${form}`);

      it('stores the post as the JSON endpoint would, flags false where the box was left unticked', async () => {
        const res = await post(form, browserBody(values)).set('Referer', 'http://localhost:3000/scorecard/faq');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ok: true });
        const [stored, ...rest] = await h.store.submissions.list();
        expect(rest).toEqual([]);
        expect(stored).toMatchObject({ form: spec.path.replace(/^\/api\/submit-|-form$/g, ''), variant: form });
        expect(stored!.fields).toEqual(values);
      });

      it('stores the same content sent twice once, answering both', async () => {
        expect((await post(form, browserBody(values))).status).toBe(200);
        const again = await post(form, browserBody(values));
        expect(again.status).toBe(200);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(await h.store.submissions.list()).toHaveLength(1);
      });

      it('refuses a required field with nothing visible, naming it and giving back what was typed', async () => {
        const res = await post(form, browserBody({ ...values, firstName: '   ' }));
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields)).toEqual(['firstName']);
        expect(res.body.values).toEqual({ ...values, firstName: '   ' });
        expect(await h.store.submissions.list()).toEqual([]);
      });
    });

    it('refuses a flag with a value no box sends', async () => {
      const res = await post('download', browserBody({ ...specSubmission(SPEC_FORMS.download, 'flag'), pilot: 'yes' }));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['pilot']);
    });

    it('refuses a post from another site, and an unknown form, storing nothing', async () => {
      const body = browserBody(specSubmission(SPEC_FORMS.notify, 'cross'));
      const crossSite = await post('notify', body).set('Sec-Fetch-Site', 'cross-site');
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.error).toMatch(/only from the site/);
      expect((await post('newsletter', body)).status).toBe(404);
      expect(await h.store.submissions.list()).toEqual([]);
    });

    it('takes urlencoded posts only, and multipart for feedback alone', async () => {
      const values = specSubmission(SPEC_FORMS.download, 'types');
      const json = await request(h.app)
        .post(`${FORM_POSTS_PATH}/download`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(values));
      expect(json.status).toBe(415);
      const multipart = request(h.app).post(`${FORM_POSTS_PATH}/download`);
      for (const [name, value] of Object.entries(values)) void multipart.field(name, String(value));
      expect((await multipart).status).toBe(415);
      expect(await h.store.submissions.list()).toEqual([]);
    });

    it('stores feedback sent as multipart with its file, and gives back what was typed with a refused file', async () => {
      const values = specSubmission(SPEC_FORMS.feedback, 'upload');
      const send = (file: Buffer, name: string) => {
        const req = request(h.app).post(`${FORM_POSTS_PATH}/feedback`);
        for (const [field, value] of Object.entries(values)) if (value !== false) void req.field(field, String(value));
        return req.attach('files', file, name);
      };
      const refused = await send(Buffer.from('MZ not a picture'), 'map.png');
      expect(refused.status).toBe(415);
      expect(refused.body.values).toEqual(values);
      expect(await h.store.submissions.list()).toEqual([]);

      expect((await send(samples.png, 'map.png')).status).toBe(200);
      const [stored] = await h.store.submissions.list();
      expect(stored!.fields).toEqual(values);
      expect(stored!.files.map((file) => file.name)).toEqual(['map.png']);
    });
  });
}
