import { HONEYPOT_FIELD, parseAssessmentShare } from '@wpc/shared/schemas';
import { QUESTION_IDS } from '@wpc/shared/assessment';

const scores = Object.fromEntries(QUESTION_IDS.map((id, index) => [id, index % 6]));
const valid = { communityType: 'rural', country: 'ca', zip: ' V0N 1B4 ', scores, consent: true };

describe('the shared self-assessment schema', () => {
  it('accepts community type, country, optional zip and all 40 scores, dropping anything else', () => {
    const result = parseAssessmentShare({
      ...valid,
      name: 'Ada',
      email: 'ada@example.org',
      notes: { '1a': 'x' },
      scores: { ...scores, '11z': 3 },
    });
    expect(result).toEqual({
      ok: true,
      honeypot: false,
      data: { communityType: 'rural', country: 'CA', zip: 'V0N 1B4', scores },
    });
  });

  it('treats an empty zip as none', () => {
    const result = parseAssessmentShare({ ...valid, zip: '' });
    expect(result.ok && result.data).toEqual({ communityType: 'rural', country: 'CA', scores });
  });

  it('names each missing or out-of-range score', () => {
    const { '4c': _missing, ...rest } = scores;
    const result = parseAssessmentShare({ ...valid, scores: { ...rest, '1a': 6, '2b': 2.5, '3c': '3' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fields).sort()).toEqual(['scores.1a', 'scores.2b', 'scores.3c', 'scores.4c']);
    expect(result.fields['scores.4c']).toMatch(/Question 4c has no score/);
    expect(result.fields['scores.1a']).toMatch(/whole number from 0 to 5/);
  });

  it('requires consent, a known community type and country, and a zip of 4 to 20 characters when given', () => {
    const result = parseAssessmentShare({
      ...valid,
      consent: false,
      communityType: 'castle',
      country: 'XX',
      zip: '12',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fields).sort()).toEqual(['communityType', 'consent', 'country', 'zip']);
    expect(result.fields.consent).toMatch(/Tick the box/);
    expect(parseAssessmentShare({ ...valid, zip: '1'.repeat(21) }).ok).toBe(false);
    expect(parseAssessmentShare({ ...valid, consent: 'true' }).ok).toBe(false);
  });

  it("applies the forms' character rules to the zip: no control characters or direction overrides", () => {
    for (const zip of ['9594\u0000', '95\u001B[2J945', '\u202E59495', '95\u2028945']) {
      const result = parseAssessmentShare({ ...valid, zip });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.fields.zip).toMatch(/^Zip \/ postal code may not contain control characters/);
    }
    const invisible = parseAssessmentShare({ ...valid, zip: '\u200B\u200B\u200B\u200B' });
    expect(invisible.ok).toBe(false);
    if (invisible.ok) return;
    expect(invisible.fields.zip).toBe('Zip / postal code is required.');
  });

  it('refuses operator objects where text is expected', () => {
    const result = parseAssessmentShare({ ...valid, country: { $ne: null }, scores: { $where: '1' } });
    expect(result.ok).toBe(false);
  });

  it('flags a filled-in honeypot', () => {
    const result = parseAssessmentShare({ ...valid, [HONEYPOT_FIELD]: 'http://spam.example' });
    expect(result.ok && result.honeypot).toBe(true);
  });
});
