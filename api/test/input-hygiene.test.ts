import request from 'supertest';
import { endpointPath } from '@wpc/shared/schemas';
import { validBodies } from './helpers/fixtures';
import { useHarness } from './helpers/harness';
import { describeStore, embeddedCase } from './helpers/stores';

// Characters the issue found stored in names: NUL, an ANSI escape sequence, the right-to-left
// override; and the other C0/C1 controls, bidi embeddings and isolates, and line separators.
const REFUSED_IN_ONE_LINE = [
  '\u0000',
  '\u001b[31m',
  '\u202e',
  '\u0007',
  '\u0085',
  '\u009b',
  '\u2066',
  '\u202a',
  '\u2028',
  '\n',
  '\t',
  '\u007f',
];
const REFUSED_IN_MESSAGES = ['\u0000', '\u001b[2J', '\u202e', '\u0008', '\u000b', '\u000c', '\u0085', '\u2067'];

// About 70 requests per test: more than jest's 5 s on a busy machine.
jest.setTimeout(60_000);

describeStore(embeddedCase, 'input hygiene', () => {
  const h = useHarness(embeddedCase);
  const post = (body: object) => request(h.app).post(endpointPath('contact')).send(body);

  it('refuses control and text-direction characters in one-line fields with 400 naming the field', async () => {
    for (const bad of REFUSED_IN_ONE_LINE) {
      for (const field of ['firstName', 'lastName', 'organization', 'role', 'zipCode'] as const) {
        const res = await post({ ...validBodies.contact, [field]: `Ad${bad}a1` });
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual({ [field]: expect.stringMatching(/control characters/) });
      }
    }
    const email = await post({ ...validBodies.contact, email: 'ada\u202e@example.org' });
    expect(email.status).toBe(400);
    expect(Object.keys(email.body.fields)).toEqual(['email']);
    expect(await h.store.submissions.list()).toEqual([]);
  });

  it('lets messages keep tabs and line breaks, and nothing else of the kind', async () => {
    const message = 'Line one\r\nLine two\n\tindented';
    expect((await post({ ...validBodies.contact, message })).status).toBe(200);
    for (const bad of REFUSED_IN_MESSAGES) {
      const res = await post({ ...validBodies.contact, message: `Hello${bad}world` });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ message: expect.stringMatching(/other than tabs and line breaks/) });
    }
    const [stored, ...rest] = await h.store.submissions.list();
    expect(rest).toEqual([]);
    expect(stored!.fields.message).toBe(message);
  });

  it('counts a required field as filled in only when it holds a visible character', async () => {
    for (const empty of ['\u0000', '\u200b', '\u200b\u200b', '\u00a0', '\ufeff', ' \u3000 ']) {
      const res = await post({ ...validBodies.contact, firstName: empty });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['firstName']);
    }
    // Letters of any script, digits and punctuation count.
    for (const name of ['Zoë', 'Ngũgĩ', '李', 'أحمد', "O'Brien", '3']) {
      expect((await post({ ...validBodies.contact, firstName: name })).status).toBe(200);
    }
  });
});
