import { act, render, screen, within } from '@testing-library/react';
import { OUTCOME_EVENT, type OutcomeDetail } from '@wpc/shared/events';
import userEvent from '@testing-library/user-event';
import AssessPage from '../../src/pages/AssessPage';
import { STORAGE_KEY } from '../../src/assessment/storage';
import { saveFileText } from '../../src/assessment/save-file';

// Issue 40: "self-assessments started" is reported once (the shell sends it as a beacon) when the first answer is given to an empty
// assessment; answers kept from an earlier visit are not a new start.
const reported: OutcomeDetail[] = [];
beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
  window.addEventListener(OUTCOME_EVENT, (event) => reported.push((event as CustomEvent<OutcomeDetail>).detail));
});
beforeEach(() => {
  reported.length = 0;
  window.localStorage.clear();
  window.history.replaceState(null, '', '/scorecard/assess');
});
jest.setTimeout(20_000);

const score = (id: string, value: number) =>
  within(screen.getByRole('group', { name: new RegExp(`^${id} `) })).getByRole('radio', {
    name: new RegExp(`^${value} `),
  });
const started = () => reported.filter((detail) => detail.outcome === 'assessment-started');

it('counts a start once, at the first answer of an empty assessment', async () => {
  const user = userEvent.setup();
  render(<AssessPage />);
  expect(started()).toEqual([]);
  await user.click(score('1a', 2));
  await user.click(score('1b', 3));
  expect(started()).toEqual([{ outcome: 'assessment-started' }]);
});

it('does not count answers kept from an earlier visit as a start', async () => {
  const progress = { answers: { '1a': 2 }, notes: {}, step: 0, updatedAt: '2026-03-01T10:00:00.000Z', sharedAt: null };
  window.localStorage.setItem(STORAGE_KEY, saveFileText(progress, new Date('2026-03-01T10:00:00.000Z')));
  const user = userEvent.setup();
  await act(async () => {
    render(<AssessPage />);
  });
  await user.click(score('1b', 3));
  expect(started()).toEqual([]);
});
