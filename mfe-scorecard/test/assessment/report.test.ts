import { QUESTION_IDS } from '@wpc/shared/assessment';
import { parseCsv } from '../../../test-support/csv';
import { reportCsv } from '../../src/assessment/csv';
import type { AssessmentProgress } from '../../src/assessment/progress';
import { buildReport, reportFileName } from '../../src/assessment/report';
import { workbookSheets } from '../../src/assessment/workbook';

const progress: AssessmentProgress = {
  answers: { ...Object.fromEntries(QUESTION_IDS.map((id) => [id, 2])), '1a': 3, '1b': 5, '1c': 4, '1d': 4 },
  notes: { '1a': 'Chief Ortiz chairs it, "quarterly"', '2b': '=HYPERLINK("http://evil.example")' },
  step: 0,
  updatedAt: null,
  sharedAt: null,
};

describe('the results downloads', () => {
  const csv = reportCsv(buildReport(progress), new Date(2026, 2, 11));
  const rows = parseCsv(csv.replace(/^\uFEFF/, ''));

  it('CSV: a header, then one row per question with its score, meaning and note', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(rows[0]).toEqual([
      'Essential',
      'Essential title',
      'Question',
      'Topic',
      'Question text',
      'Score (0-5)',
      'What the score means',
      'Note',
    ]);
    expect(rows[1]).toEqual([
      '1',
      'Organise for disaster resilience',
      '1a',
      'Wildfire lead and standing group',
      expect.stringMatching(/^Is there a named wildfire resilience lead/),
      '3',
      'A group meets, but key partners such as utilities, land managers or residents are missing.',
      'Chief Ortiz chairs it, "quarterly"',
    ]);
    expect(rows.slice(1, 41).map((row) => row[2])).toEqual(QUESTION_IDS);
  });

  it('CSV: keeps a note that looks like a formula as text', () => {
    expect(rows.find((row) => row[2] === '2b')![7]).toBe('\'=HYPERLINK("http://evil.example")');
  });

  it('CSV: then the score of each essential and the overall score', () => {
    const summaryStart = rows.findIndex((row) => row[0] === 'Essential' && row[2] === 'Questions answered');
    expect(rows[summaryStart + 1]).toEqual(['1', 'Organise for disaster resilience', '4', '4', '80']);
    expect(rows[summaryStart + 2]).toEqual(['2', expect.any(String), '4', '4', '40']);
    // 36 x 2 + 3 + 5 + 4 + 4 = 88 of 200.
    expect(rows[summaryStart + 11]).toEqual(['Overall', 'All ten essentials', '40', '40', '44']);
  });

  it('workbook: a summary sheet and an answers sheet with numbers as numbers', () => {
    const [summary, answers] = workbookSheets(buildReport(progress), new Date(2026, 2, 11));
    expect(summary!.sheet).toBe('Summary');
    expect(summary!.data[4]).toEqual(['1', 'Organise for disaster resilience', 4, 4, 80]);
    expect(answers!.sheet).toBe('Answers');
    expect(answers!.data[1]!.slice(0, 3)).toEqual([1, 'Organise for disaster resilience', '1a']);
    expect(answers!.data[1]![5]).toBe(3);
    expect(answers!.data).toHaveLength(41);
  });

  it('names files by the visitor’s day', () => {
    expect(reportFileName(new Date(2026, 2, 11, 23, 30), 'xlsx')).toBe(
      'wildfire-scorecard-self-assessment-2026-03-11.xlsx',
    );
  });
});
