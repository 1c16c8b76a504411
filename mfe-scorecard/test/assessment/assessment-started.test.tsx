import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AssessPage from '../../src/pages/AssessPage';
import { STORAGE_KEY } from '../../src/assessment/storage';
import { saveFileText } from '../../src/assessment/save-file';

// Issue 40: "self-assessments started" is one beacon when the first answer is given to an empty
// assessment; answers kept from an earlier visit are not a new start.
const beacons: unknown[] = [];
beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: string) => beacons.push(JSON.parse(body)) > 0,
  });
});
beforeEach(() => {
  beacons.length = 0;
  window.localStorage.clear();
  window.history.replaceState(null, '', '/scorecard/assess');
});
jest.setTimeout(20_000);

const score = (id: string, value: number) =>
  within(screen.getByRole('group', { name: new RegExp(`^${id} `) })).getByRole('radio', {
    name: new RegExp(`^${value} `),
  });
const started = () => beacons.filter((b) => (b as { outcome?: string }).outcome === 'assessment-started');

it('counts a start once, at the first answer of an empty assessment', async () => {
  const user = userEvent.setup();
  render(<AssessPage />);
  expect(started()).toEqual([]);
  await user.click(score('1a', 2));
  await user.click(score('1b', 3));
  expect(started()).toEqual([{ type: 'outcome', outcome: 'assessment-started', route: '/scorecard/assess' }]);
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
