import {
  benchmarkFigures,
  essentialResults,
  isComplete,
  nextStepsFor,
  overallPercent,
  QUESTION_IDS,
  quartiles,
  unansweredQuestions,
  weakestEssentials,
  type Answers,
} from '@wpc/shared/assessment';

/** Every question answered with the same score. */
function allScored(score: number): Record<string, number> {
  return Object.fromEntries(QUESTION_IDS.map((id) => [id, score]));
}

describe('scoring', () => {
  it('scores an essential as its answered scores over their maximum, in percent', () => {
    // Essential 1: 0 + 1 + 2 + 3 = 6 of 20.
    const results = essentialResults({ '1a': 0, '1b': 1, '1c': 2, '1d': 3 });
    expect(results[0]).toMatchObject({ answered: 4, total: 4, percent: 30 });
    expect(results[1]).toMatchObject({ answered: 0, total: 4, percent: null });
  });

  it('leaves unanswered questions out of an essential and of the overall score', () => {
    expect(essentialResults({ '2a': 4 })[1]!.percent).toBe(80);
    // 4 + 1 of 10.
    expect(overallPercent({ '1a': 4, '2a': 1 })).toBe(50);
    expect(overallPercent({})).toBeNull();
  });

  it('gives 0 % and 100 % at the ends of the scale, and halves exactly', () => {
    expect(overallPercent(allScored(0))).toBe(0);
    expect(overallPercent(allScored(5))).toBe(100);
    expect(essentialResults(allScored(5)).every((result) => result.percent === 100)).toBe(true);
    // 39 x 2 + 5 = 83 of 200 points.
    expect(overallPercent({ ...allScored(2), '1a': 5 })).toBe(41.5);
  });

  it('ignores values that are not scores', () => {
    expect(overallPercent({ '1a': 7, '1b': -1, '1c': 2.5, '1d': 5 } as Answers)).toBe(100);
  });

  it('lists unanswered questions in order and knows when all 40 are answered', () => {
    expect(
      unansweredQuestions({ ...allScored(3), '3b': undefined as unknown as number, '9d': NaN }).map((q) => q.id),
    ).toEqual(['3b', '9d']);
    expect(isComplete(allScored(1))).toBe(true);
    expect(isComplete({ '1a': 1 })).toBe(false);
  });

  it('names the three weakest essentials below full marks, lowest first, earlier essential first on a tie', () => {
    const answers = { ...allScored(5), '4a': 0, '7a': 0, '9a': 3, '2a': 3 };
    // Essentials 4 and 7: 15 of 20 (75 %); 2 and 9: 18 of 20 (90 %).
    expect(
      weakestEssentials(essentialResults(answers)).map((result) => [result.essential.number, result.percent]),
    ).toEqual([
      [4, 75],
      [7, 75],
      [2, 90],
    ]);
    expect(weakestEssentials(essentialResults(allScored(5)))).toEqual([]);
    expect(weakestEssentials(essentialResults({ '1a': 2 })).map((result) => result.essential.number)).toEqual([1]);
  });

  it('suggests the next steps of an essential’s lowest-scoring questions, skipping full marks and unanswered ones', () => {
    const steps = nextStepsFor('financial-capacity', { '3a': 4, '3b': 1, '3c': 5 });
    expect(steps.map((question) => question.id)).toEqual(['3b', '3a']);
    expect(steps[0]!.nextStep).toMatch(/grant/i);
  });
});

describe('benchmark figures', () => {
  it('takes quartiles by linear interpolation, as QUARTILE.INC does', () => {
    expect(quartiles([50, 10, 40, 20, 30])).toEqual({ q1: 20, median: 30, q3: 40 });
    expect(quartiles([0, 100])).toEqual({ q1: 25, median: 50, q3: 75 });
    // 1.75, 2.5 and 3.25, to one decimal place.
    expect(quartiles([4, 3, 2, 1])).toEqual({ q1: 1.8, median: 2.5, q3: 3.3 });
    expect(quartiles([42])).toEqual({ q1: 42, median: 42, q3: 42 });
  });

  it('gives the median and quartiles of every essential and of the overall score', () => {
    const shared = [0, 1, 2, 3, 4].map((score) => allScored(score));
    const figures = benchmarkFigures(shared);
    expect(figures.essentials).toHaveLength(10);
    expect(figures.essentials[0]).toEqual({ essential: 'organise', number: 1, q1: 20, median: 40, q3: 60 });
    expect(figures.overall).toEqual({ q1: 20, median: 40, q3: 60 });
  });
});
