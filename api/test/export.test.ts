import { csvCell, parseExportParams, submissionTable } from '../src/submissions/export';
import type { StoredSubmission } from '../src/store';
import { csvText } from './helpers/csv';

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
    expect(parseExportParams({})).toEqual({
      ok: true,
      query: { form: undefined, since: undefined, limit: undefined, after: undefined },
      format: 'json',
    });
  });

  it('accepts endpoint kinds, ISO dates and both formats', () => {
    expect(parseExportParams({ form: 'notifyme', since: '2025-01-31', format: 'csv' })).toEqual({
      ok: true,
      query: { form: 'notifyme', since: new Date('2025-01-31T00:00:00.000Z'), limit: undefined, after: undefined },
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

  it('takes a row limit and a resume cursor', () => {
    expect(parseExportParams({ limit: '500', after: '65f0c0ffee0123456789abcd' })).toMatchObject({
      ok: true,
      query: { limit: 500, after: '65f0c0ffee0123456789abcd' },
    });
    for (const limit of ['0', '-1', '1.5', 'ten', '99999999999']) {
      expect(parseExportParams({ limit })).toEqual({ ok: false, fields: { limit: expect.any(String) } });
    }
    for (const after of ['', '../x', { $gt: '' }, 'a'.repeat(65)]) {
      expect(parseExportParams({ after })).toEqual({ ok: false, fields: { after: expect.any(String) } });
    }
  });
});

const csvOf = (rows: StoredSubmission[], form?: StoredSubmission['form']) => csvText(rows, submissionTable(form));

describe('CSV export', () => {
  it('writes the header of the form kind even with no rows, every cell quoted', async () => {
    expect(await csvOf([], 'notifyme')).toBe(
      '"id","form","variant","receivedAt","page","firstName","lastName","email","zipCode","otherFields","files"\r\n',
    );
  });

  it('quotes every cell as RFC 4180 says, so separators, quotes and line breaks stay inside it', async () => {
    const csv = await csvOf(
      [
        submission({
          form: 'notifyme',
          variant: 'notify',
          fields: {
            firstName: "x;=cmd|' /C calc'!A0;",
            lastName: 'O"Hara, Jr',
            email: 'a@b.org',
            zipCode: 'line\r\nbreak',
          },
        }),
      ],
      'notifyme',
    );
    expect(csv).toBe(
      '"id","form","variant","receivedAt","page","firstName","lastName","email","zipCode","otherFields","files"\r\n' +
        '"id1","notifyme","notify","2025-05-05T05:05:05.000Z","","x;\'=cmd|\' /C calc\'!A0;","O""Hara, Jr","a@b.org","line\r\nbreak","",""\r\n',
    );
  });

  it('neutralises formula prefixes with a leading apostrophe', () => {
    for (const [value, expected] of [
      ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
      ['+1 555', "'+1 555"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', "'\t=1"],
      ['\r=1', "'\r=1"],
      ['\uFF1D1+1', "'\uFF1D1+1"],
      ['a=b', 'a=b'],
      ['', ''],
    ]) {
      expect(csvCell(value)).toBe(expected);
    }
    expect(csvCell(true)).toBe('true');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2025-01-02T03:04:05Z'))).toBe('2025-01-02T03:04:05.000Z');
  });

  it('writes the union of the field columns of every form, and fields outside them as JSON', async () => {
    const csv = await csvOf([
      submission({ fields: { firstName: 'Ada', subscribe: true, legacyField: 'kept' }, page: '/contact-us' }),
      submission({
        id: 'id2',
        fields: { firstName: '+1 555', message: 'a,"b"\nc', role: '@admin' },
        files: [{ id: 'f1', name: 'a.pdf', contentType: 'application/pdf', size: 3, uploadedAt: new Date() }],
      }),
    ]);
    const [header, first, second] = csv.split('\r\n');
    const columns = header!.slice(1, -1).split('","');
    expect(columns.slice(0, 5)).toEqual(['id', 'form', 'variant', 'receivedAt', 'page']);
    expect(columns.slice(-2)).toEqual(['otherFields', 'files']);
    expect(columns).toEqual(
      expect.arrayContaining([
        'firstName',
        'subscribe',
        'message',
        'role',
        'zip',
        'pageName',
        'links',
        'scorecardForm',
      ]),
    );
    expect(new Set(columns).size).toBe(columns.length);
    const cells = (line: string) => line.slice(1, -1).split('","');
    expect(cells(first!)[columns.indexOf('firstName')]).toBe('Ada');
    expect(cells(first!)[columns.indexOf('subscribe')]).toBe('true');
    expect(cells(first!)[columns.indexOf('otherFields')]).toBe('{""legacyField"":""kept""}');
    expect(cells(second!)[columns.indexOf('firstName')]).toBe("'+1 555");
    expect(cells(second!)[columns.indexOf('role')]).toBe("'@admin");
    expect(cells(second!)[columns.indexOf('files')]).toBe('a.pdf (f1, 3 bytes)');
    expect(csv).toContain('"a,""b""\nc"');
  });
});
