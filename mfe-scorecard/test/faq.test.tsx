import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FaqPage from '../src/pages/FaqPage';
import { FAQ_SEED } from '../src/content/faq';
import { at } from './seed';

/** The seed's questions, in their order on the page. */
const FAQ_ITEMS = [...FAQ_SEED].sort((a, b) => a.order - b.order).map((item) => ({ ...item, id: item.slug }));

jest.setTimeout(20_000);

function questions() {
  return screen.getAllByRole('heading', { level: 2 }).flatMap((heading) => within(heading).queryAllByRole('button'));
}

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  window.history.replaceState(null, '', '/scorecard/faq');
});

describe('the scorecard FAQ', () => {
  it('has exactly 12 questions (spec §9), all closed at first', () => {
    render(at('/scorecard/faq', <FaqPage />));
    expect(questions()).toHaveLength(12);
    for (const question of questions()) expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens and closes each question independently of the others', async () => {
    const user = userEvent.setup();
    render(at('/scorecard/faq', <FaqPage />));
    const [first, second, , fourth] = questions();
    await user.click(first!);
    await user.click(fourth!);
    expect(questions().map((question) => question.getAttribute('aria-expanded'))).toEqual([
      'true',
      'false',
      'false',
      'true',
      ...Array(8).fill('false'),
    ]);
    expect(screen.getByRole('region', { name: FAQ_ITEMS[0]!.question })).toBeVisible();
    await user.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(fourth).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(at('/scorecard/faq', <FaqPage />));
    questions()[2]!.focus();
    await user.keyboard('{Enter}');
    expect(questions()[2]).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(questions()[2]).toHaveAttribute('aria-expanded', 'false');
  });

  it('gives every question a stable, unique anchor', () => {
    render(at('/scorecard/faq', <FaqPage />));
    const ids = FAQ_ITEMS.map((item) => item.id);
    expect(new Set(ids).size).toBe(12);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9-]+$/);
      expect(document.getElementById(id)).not.toBeNull();
    }
  });

  it('opens, scrolls to and focuses the question named in the address', () => {
    const target = FAQ_ITEMS[8]!;
    window.history.replaceState(null, '', `/scorecard/faq#${target.id}`);
    render(at('/scorecard/faq', <FaqPage />));
    const button = within(document.getElementById(target.id)!).getByRole('button');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveFocus();
    expect(window.scrollTo).toHaveBeenCalled();
    expect(questions().filter((question) => question.getAttribute('aria-expanded') === 'true')).toHaveLength(1);
  });

  it('opens another question when the address fragment changes', () => {
    render(at('/scorecard/faq', <FaqPage />));
    const target = FAQ_ITEMS[3]!;
    act(() => {
      window.history.replaceState(null, '', `/scorecard/faq#${target.id}`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(within(document.getElementById(target.id)!).getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists the Ten Essentials in their answer', async () => {
    const user = userEvent.setup();
    render(at('/scorecard/faq', <FaqPage />));
    await user.click(screen.getByRole('button', { name: /What are the Ten Essentials/ }));
    const answer = screen.getByRole('region', { name: /What are the Ten Essentials/ });
    expect(within(answer).getAllByRole('listitem')).toHaveLength(10);
    expect(answer).toHaveTextContent('Organise for disaster resilience');
    expect(answer).toHaveTextContent('Expedite recovery and build back better');
  });
});
