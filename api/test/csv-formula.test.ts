import { QUESTION_IDS } from '@wpc/shared/assessment';
import { assessmentTable } from '../src/assessment/export';
import { csvCell, submissionTable } from '../src/submissions/export';
import type { StoredAssessment, StoredSubmission } from '../src/store';
import { csvText } from './helpers/csv';
import { formulaCells, spreadsheetCells } from './helpers/spreadsheet-csv';

/** Cells that start a formula when read with "," or ";" (the review's finding and its relatives). */
const HOSTILE = [
  "x;=cmd|' /C calc'!A0",
  "x,=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil")',
  'a;+1',
  'a, -2+3',
  'a; @SUM(A1)',
  'a;"=1+1"',
  'a;\t=1',
  'a;\r=1',
  'a,\n=1',
  'line one\n=1+1',
  'line one\r\n@SUM(A1)',
  ' =1+1',
  '\uFF1D1+1',
  'a;\uFF0B1',
  '=a;=b,=c\n=d',
];

describe('CSV cells never start a formula, whichever list separator a spreadsheet uses', () => {
  it('the review finding: x;=cmd... read with ";" gives a text cell', () => {
    const cell = csvCell("x;=cmd|' /C calc'!A0");
    expect(cell).toBe("x;'=cmd|' /C calc'!A0");
    // As the export writes it, after another cell: with ";" the quoted cell splits at the ";".
    expect(spreadsheetCells(`"a","${cell}"`, ';')).toEqual(['a,"x', `'=cmd|' /C calc'!A0"`]);
  });

  it('neutralises every hostile value at every place a cell can start', () => {
    for (const value of HOSTILE) {
      const cell = csvCell(value);
      expect({ value, bad: formulaCells(`"a","${cell.replace(/"/g, '""')}"`) }).toEqual({ value, bad: [] });
    }
  });

  it('leaves ordinary text alone: separators, dates, line breaks and blank lines', () => {
    for (const value of ['Smith, Jane', 'a;b', '2025-01-31', 'a=b', 'Dear team,\r\n\r\nthanks', 'x - y', '']) {
      expect(csvCell(value)).toBe(value);
    }
  });

  it('the submissions export', async () => {
    const rows: StoredSubmission[] = HOSTILE.map((value, index) => ({
      id: `id${index}`,
      form: 'contact',
      variant: 'contact',
      fields: { firstName: value, lastName: value, message: value, legacy: value },
      files: [{ id: 'f1', name: value, contentType: 'text/plain', size: 1, uploadedAt: new Date(0) }],
      page: value,
      receivedAt: new Date('2025-05-05T05:05:05.000Z'),
    }));
    const csv = await csvText(rows, submissionTable());
    expect(formulaCells(csv)).toEqual([]);
    // Read as intended (","), every value is still there, behind its apostrophes.
    const cells = spreadsheetCells(csv, ',');
    expect(cells).toContain("x;'=cmd|' /C calc'!A0");
    expect(cells).toContain('\'=HYPERLINK("http://evil")');
  });

  it('the shared self-assessment export', async () => {
    const rows: StoredAssessment[] = HOSTILE.map((value, index) => ({
      id: `a${index}`,
      communityType: value,
      country: value,
      zip: value,
      scorecardVersion: value,
      scores: Object.fromEntries(QUESTION_IDS.map((id) => [id, 3])),
      receivedAt: new Date('2025-05-05T05:05:05.000Z'),
    }));
    const csv = await csvText(rows, assessmentTable);
    expect(csv.split('\r\n').length).toBeGreaterThan(HOSTILE.length);
    expect(formulaCells(csv)).toEqual([]);
  });
});
