import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import AssessPage from '../../src/pages/AssessPage';
import { STORAGE_KEY, SET_ASIDE_KEY } from '../../src/assessment/storage';
import { saveFileText } from '../../src/assessment/save-file';
import { headingTexts } from '../../../test-support/headings';

const question = (id: string) => screen.getByRole('group', { name: new RegExp(`^${id} `) });
const score = (id: string, value: number) =>
  within(question(id)).getByRole('radio', { name: new RegExp(`^${value} `) });

function storeProgress(answers: Record<string, number>, step: number) {
  const progress = {
    answers,
    notes: { '3a': 'Budget line 4410' },
    step,
    updatedAt: '2026-03-01T10:00:00.000Z',
    sharedAt: null,
  };
  window.localStorage.setItem(STORAGE_KEY, saveFileText(progress, new Date('2026-03-01T10:00:00.000Z')));
}

// Each test drives the whole page through dozens of renders; loaded CI machines need more than 5 s.
jest.setTimeout(20_000);

beforeAll(() => {
  // jsdom lays nothing out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  window.localStorage.clear();
  window.location.hash = '';
});

describe('the self-assessment page', () => {
  it('hydrates the server HTML without a mismatch, then resumes from the answers kept in the browser', async () => {
    storeProgress({ '3a': 4, '3b': 2 }, 2);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<AssessPage />);
    document.body.append(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(container, <AssessPage />);
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(screen.getByText('Essential 3 of 10')).toBeVisible();
    expect(screen.getByText('2 of 40 questions answered')).toBeVisible();
    expect(score('3a', 4)).toBeChecked();
    expect(screen.getByLabelText('Note or evidence (optional) for question 3a')).toHaveValue('Budget line 4410');
    container.remove();
  });

  it('keeps every answer and note in localStorage as the visitor goes', async () => {
    const user = userEvent.setup();
    render(<AssessPage />);
    await user.click(score('1c', 2));
    await user.type(screen.getByLabelText('Note or evidence (optional) for question 1c'), 'Draft plan');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: /^Essential 2:/ })).toHaveFocus();
    const kept = JSON.parse(window.localStorage.getItem(STORAGE_KEY)!);
    expect(kept).toMatchObject({ answers: { '1c': 2 }, notes: { '1c': 'Draft plan' }, step: 1 });
  });

  it('starts empty, says so and sets the unreadable answers aside when the stored ones cannot be read', async () => {
    window.localStorage.setItem(
      STORAGE_KEY,
      '{"format":"wpc-wildfire-scorecard-self-assessment","version":1,"answers":',
    );
    render(<AssessPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be read, so the assessment starts empty/);
    expect(window.localStorage.getItem(SET_ASIDE_KEY)).toMatch(/"answers":$/);
    expect(screen.getByText('0 of 40 questions answered')).toBeVisible();
  });

  it('opens a question from a link such as #q-8b', async () => {
    window.location.hash = '#q-8b';
    render(<AssessPage />);
    expect(await screen.findByText('Essential 8 of 10')).toBeVisible();
    expect(within(question('8b')).getAllByRole('radio')[0]).toHaveFocus();
  });

  it('clears an answer on request, and asks before starting over', async () => {
    const user = userEvent.setup();
    storeProgress({ '1a': 5, '1b': 1 }, 0);
    render(<AssessPage />);
    await user.click(await screen.findByRole('button', { name: 'Clear answer to question 1b' }));
    expect(score('1b', 1)).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const dialog = screen.getByRole('dialog', { name: 'Start over?' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(score('1a', 5)).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear all answers' }));
    expect(score('1a', 5)).not.toBeChecked();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY)!).answers).toEqual({});
  });

  it('shows results with a table beside the chart and the weakest essentials', async () => {
    const user = userEvent.setup();
    storeProgress({ '1a': 5, '1b': 5, '2a': 1, '3a': 3 }, 0);
    const closed = { available: false, count: 2, minimum: 5, message: '' };
    global.fetch = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => closed });
    render(<AssessPage />);
    await user.click(await screen.findByRole('button', { name: 'See results' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Your results' })).toHaveFocus();
    expect(screen.getByRole('img', { name: /Radar chart/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Score by essential' });
    expect(within(table).getByRole('row', { name: /^2\. Risk scenarios/ })).toHaveTextContent('20%1 of 4');
    expect(screen.getByText(/Overall score/)).toHaveTextContent('Overall score 70%, from 4 of 40 questions answered.');
    expect(headingTexts(screen.getByRole('region', { name: /weakest essentials/ }), 4)).toEqual([
      'Essential 2, Identify, understand and use current and future risk scenarios: 20%',
      'Essential 3, Strengthen financial capacity for resilience: 60%',
    ]);
    expect(await screen.findByText(/opens once 5 communities have shared their results; 2 have so far/)).toBeVisible();
    expect(screen.getByText(/Sharing opens when all 40 questions are answered/)).toBeVisible();
  });
});
