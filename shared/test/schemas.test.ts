import { FORMS, formSchema, parseSubmission, HONEYPOT_FIELD, textFieldProblem } from '@wpc/shared/schemas';

const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };

describe('form schemas', () => {
  it('accepts a valid download and defaults missing flags to false', () => {
    const result = parseSubmission('download', { ...person, zipCode: '94110', pilot: true, extra: 'dropped' });
    expect(result).toEqual({
      ok: true,
      form: 'download',
      honeypot: false,
      data: { ...person, zipCode: '94110', pilot: true, subscribe: false },
    });
  });

  it('names every bad field', () => {
    const result = parseSubmission('download', { firstName: '', email: 'not-an-email', zipCode: '12', pilot: 'yes' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fields).sort()).toEqual(['email', 'firstName', 'lastName', 'pilot', 'zipCode']);
  });

  it('refuses objects where text is expected', () => {
    const result = parseSubmission('contact', { ...person, zipCode: '94110', email: { $gt: '' } });
    expect(result.ok).toBe(false);
  });

  it('picks the scorecard-page shape when the body carries zip', () => {
    const result = parseSubmission('subscribe', { ...person, zip: '94110', pilotInterest: true });
    expect(result.ok && result.form).toBe('subscribePage');
    const popup = parseSubmission('subscribe', { ...person, zipCode: '94110' });
    expect(popup.ok && popup.form).toBe('subscribe');
  });

  it('accepts "true"/"false" flags only in multipart bodies', () => {
    const body = { ...person, zipCode: '94110', subscribe: 'true' };
    expect(parseSubmission('feedback', body, { multipart: true })).toMatchObject({
      ok: true,
      data: { subscribe: true },
    });
    expect(parseSubmission('feedback', body).ok).toBe(false);
  });

  it('flags the honeypot', () => {
    const result = parseSubmission('notifyme', { ...person, zipCode: '94110', [HONEYPOT_FIELD]: 'spam' });
    expect(result).toMatchObject({ ok: true, honeypot: true });
  });

  it('keeps zip minimum length only where the spec sets it', () => {
    expect(formSchema('support').safeParse({ ...person, zipCode: '1' }).success).toBe(true);
    expect(formSchema('contactScorecard').safeParse({ ...person, zip: '1' }).success).toBe(true);
    expect(formSchema('notify').safeParse({ ...person, zipCode: '123' }).success).toBe(false);
    expect(FORMS.feedback.multipart).toBe(true);
  });

  it('refuses control characters and bidi overrides in one-line fields, naming the field', () => {
    for (const bad of ['\u0000', '\u001b[31m', '\u202e', '\u2066', '\u0085', '\n', '\u2028']) {
      const result = parseSubmission('contact', { ...person, zipCode: '94110', lastName: `Love${bad}lace` });
      expect(result).toEqual({
        ok: false,
        form: 'contact',
        fields: { lastName: expect.stringMatching(/^Last name may not contain control/) },
      });
    }
  });

  it('lets messages hold tabs and line breaks but no other control characters', () => {
    expect(parseSubmission('contact', { ...person, zipCode: '94110', message: 'One\r\nTwo\n\tThree' }).ok).toBe(true);
    const escape = parseSubmission('contact', { ...person, zipCode: '94110', message: 'Hi \u001b[2J there' });
    expect(escape.ok === false && Object.keys(escape.fields)).toEqual(['message']);
  });

  it('needs a visible character in required fields', () => {
    for (const empty of ['\u0000', '\u200b', '\u00a0\u00a0']) {
      const result = parseSubmission('notifyme', { ...person, zipCode: '94110', firstName: empty });
      expect(result.ok === false && Object.keys(result.fields)).toEqual(['firstName']);
    }
    expect(textFieldProblem(FORMS.notify.fields[0]!, '\u200b')).toBe('First name is required.');
    expect(textFieldProblem(FORMS.notify.fields[0]!, 'Zoë')).toBeUndefined();
  });
});
