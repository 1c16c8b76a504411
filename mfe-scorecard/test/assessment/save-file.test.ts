import { QUESTION_IDS } from '@wpc/shared/assessment';
import type { AssessmentProgress } from '../../src/assessment/progress';
import { parseSaveFile, saveFileText, SAVE_FORMAT } from '../../src/assessment/save-file';

const progress: AssessmentProgress = {
  answers: { '1a': 3, '1b': 0, '10d': 5 },
  notes: { '1a': 'Fire chief leads; group met twice in 2025.', '2c': 'Ask the county GIS team.' },
  step: 2,
  updatedAt: '2026-03-10T09:30:00.000Z',
  sharedAt: null,
};
const savedAt = new Date('2026-03-11T17:05:00.000Z');

function saved(changes: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...JSON.parse(saveFileText(progress, savedAt)), ...changes });
}

describe('the saved-progress file', () => {
  it('loads back exactly what was saved', () => {
    expect(parseSaveFile(saveFileText(progress, savedAt))).toEqual({
      ok: true,
      progress,
      savedAt: '2026-03-11T17:05:00.000Z',
    });
  });

  it('says what it is, which format version and which scorecard version', () => {
    expect(JSON.parse(saveFileText(progress, savedAt))).toMatchObject({
      format: SAVE_FORMAT,
      version: 1,
      scorecardVersion: '02-20-24',
    });
  });

  it('refuses a file that is not JSON, or JSON from elsewhere, saying what to choose instead', () => {
    for (const text of ['', 'PK\u0003\u0004 not json', '{"answers":']) {
      const result = parseSaveFile(text);
      expect(result).toMatchObject({
        ok: false,
        message: expect.stringMatching(/not valid JSON.*Save progress to a file/),
      });
    }
    for (const text of ['[]', '42', '{"answers":{"1a":3}}', JSON.stringify({ format: 'something-else', version: 1 })]) {
      expect(parseSaveFile(text)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/not a saved self-assessment from this site/),
      });
    }
  });

  it('refuses another format version, naming both versions', () => {
    const result = parseSaveFile(saved({ version: 2 }));
    expect(result).toMatchObject({ ok: false, problems: [] });
    expect(!result.ok && result.message).toMatch(/format version 2 .* reads version 1 files only/);
    expect(parseSaveFile(saved({ version: '1' })).ok).toBe(false);
  });

  it('refuses answers to another scorecard version', () => {
    const result = parseSaveFile(saved({ scorecardVersion: '01-01-23' }));
    expect(!result.ok && result.message).toMatch(/scorecard version "01-01-23".*version 02-20-24/);
  });

  it('refuses a tampered file as a whole and lists each changed value', () => {
    const result = parseSaveFile(
      saved({
        answers: { '1a': 7, '1b': '3', '1c': 2.5, '11z': 3, '2a': 4 },
        notes: { '1a': 42, '2c': 'x'.repeat(2001), '99x': 'hello' },
        step: 12,
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/changed since it was saved, or is damaged, so nothing was loaded/);
    expect(result.problems).toEqual([
      'Question 1a has the score 7; scores are whole numbers from 0 to 5.',
      'Question 1b has the score "3"; scores are whole numbers from 0 to 5.',
      'Question 1c has the score 2.5; scores are whole numbers from 0 to 5.',
      'There is an answer to question “11z”, which the scorecard does not have.',
      'The note on question 1a is not text.',
      'The note on question 2c is longer than 2000 characters.',
      '…and 2 more problems.',
    ]);
  });

  it('refuses missing answers and notes, bad dates and prototype keys', () => {
    const result = parseSaveFile(
      saved({ answers: null, notes: [], savedAt: 'yesterday', updatedAt: 5, sharedAt: '2026-02-30T00:00:00Z' }),
    );
    expect(!result.ok && result.problems).toEqual([
      'The answers are missing or not a list of question and score.',
      'The notes are missing or not a list of question and note.',
      'The date it was saved is missing or not a date.',
      'The last change date is not a date.',
      'The sharing date is not a date.',
    ]);
    const proto = parseSaveFile(
      saved()
        .replace('"answers": {', '"answers": {"__proto__": 5,')
        .replace('"answers":{', '"answers":{"__proto__":5,'),
    );
    expect(!proto.ok && proto.problems).toEqual([
      'There is an answer to question “__proto__”, which the scorecard does not have.',
    ]);
  });

  it('accepts all 40 questions answered', () => {
    const full = { ...progress, answers: Object.fromEntries(QUESTION_IDS.map((id) => [id, 4])) };
    const result = parseSaveFile(saveFileText(full, savedAt));
    expect(result.ok && Object.keys(result.progress.answers)).toHaveLength(40);
  });
});
