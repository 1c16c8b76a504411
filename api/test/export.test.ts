import { parseExportParams, toCsv } from '../src/submissions/export';
import type { StoredSubmission } from '../src/store';

const submission = (overrides: Partial<StoredSubmission>): StoredSubmission => ({
  id: 'id1',
  form: 'contact',
  variant: 'contact',
  fields: {},
  files: [],
  page: null,
  receivedAt: new Date('2025-05-05T05:05:05.000Z'),
  ...overrides,
});

describe('parseExportParams', () => {
  it('defaults to every form, all time, as JSON', () => {
    expect(parseExportParams({})).toEqual({ ok: true, query: { form: undefined, since: undefined }, format: 'json' });
  });

  it('accepts endpoint kinds, ISO dates and both formats', () => {
    expect(parseExportParams({ form: 'notifyme', since: '2025-01-31', format: 'csv' })).toEqual({
      ok: true,
      query: { form: 'notifyme', since: new Date('2025-01-31T00:00:00.000Z') },
      format: 'csv',
    });
    const timed = parseExportParams({ since: '2025-01-31T08:00:00+02:00' });
    expect(timed.ok && timed.query.since?.toISOString()).toBe('2025-01-31T06:00:00.000Z');
  });

  it('names every bad parameter', () => {
    const result = parseExportParams({ form: 'notify', since: '31/01/2025', format: 'xlsx' });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.fields).sort()).toEqual(['form', 'format', 'since']);
    expect(parseExportParams({ since: '2025-02-30' }).ok).toBe(false);
    expect(parseExportParams({ form: ['download'] }).ok).toBe(false);
  });
});

describe('toCsv', () => {
  it('writes a header even with no rows', () => {
    expect(toCsv([])).toBe('id,form,variant,receivedAt,page,files\r\n');
  });

  it('unions the field columns, quotes where needed and neutralises formulas', () => {
    const csv = toCsv([
      submission({ fields: { firstName: 'Ada', subscribe: true }, page: '/contact-us' }),
      submission({
        id: 'id2',
        fields: { firstName: '+1 555', message: 'a,"b"\nc', role: '@admin' },
        files: [{ id: 'f1', name: 'a.pdf', contentType: 'application/pdf', size: 3, uploadedAt: new Date() }],
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'id,form,variant,receivedAt,page,firstName,subscribe,message,role,files',
      'id1,contact,contact,2025-05-05T05:05:05.000Z,/contact-us,Ada,true,,,',
      `id2,contact,contact,2025-05-05T05:05:05.000Z,,'+1 555,,"a,""b""\nc",'@admin,"a.pdf (f1, 3 bytes)"`,
      '',
    ]);
  });
});
