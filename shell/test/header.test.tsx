import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Footer } from '../src/layout/Footer';
import { Header } from '../src/layout/Header';

function visit(path: string) {
  act(() => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

beforeEach(() => visit('/'));

it('opens one dropdown at a time and closes it on a click outside', async () => {
  render(
    <>
      <Header />
      <p>Outside</p>
    </>,
  );
  const showcase = screen.getByRole('button', { name: 'Showcase' });
  const scorecard = screen.getByRole('button', { name: 'Scorecard' });

  await userEvent.click(showcase);
  expect(showcase).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('link', { name: 'Past Presentations' })).toBeVisible();

  await userEvent.click(scorecard);
  expect(scorecard).toHaveAttribute('aria-expanded', 'true');
  expect(showcase).toHaveAttribute('aria-expanded', 'false');

  await userEvent.click(screen.getByText('Outside'));
  expect(scorecard).toHaveAttribute('aria-expanded', 'false');
});

it('marks the current area and page, following navigation', () => {
  render(<Header />);
  expect(screen.getByRole('button', { name: 'Scorecard' })).not.toHaveAttribute('aria-current');

  visit('/scorecard/faq');
  expect(screen.getByRole('button', { name: 'Scorecard' })).toHaveAttribute('aria-current', 'true');

  visit('/sponsors');
  expect(screen.getByRole('link', { name: 'Sponsors' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('button', { name: 'Scorecard' })).not.toHaveAttribute('aria-current');
});

it('navigates in place and closes the menus', async () => {
  const pushState = jest.spyOn(window.history, 'pushState');
  render(<Header />);
  await userEvent.click(screen.getByRole('button', { name: 'Scorecard' }));
  await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
  expect(pushState).toHaveBeenCalledWith(null, '', '/scorecard/faq');
  act(() => window.dispatchEvent(new PopStateEvent('popstate')));
  expect(screen.getByRole('button', { name: 'Scorecard' })).toHaveAttribute('aria-expanded', 'false');
});

it('has a hamburger toggle named as a menu', async () => {
  render(<Header />);
  const hamburger = screen.getByRole('button', { name: /menu/i });
  expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(hamburger);
  expect(hamburger).toHaveAttribute('aria-expanded', 'true');
  expect(hamburger).toHaveAccessibleName('Close menu');
});

it('leaves the team console without the site’s header and footer (it has its own navigation), and brings them back', () => {
  visit('/team/submissions/abc');
  const { container } = render(
    <>
      <Header />
      <Footer />
    </>,
  );
  expect(container).toBeEmptyDOMElement();
  visit('/about');
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Subscribe' })).toBeInTheDocument();
});
