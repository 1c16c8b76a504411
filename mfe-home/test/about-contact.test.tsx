import { render, screen, within } from '@testing-library/react';
import AboutPage from '../src/pages/AboutPage';
import ContactUsPage from '../src/pages/ContactUsPage';
import { at } from './seed';

jest.setTimeout(30_000);

describe('the About page', () => {
  it('introduces the consortium and its parent initiative', () => {
    render(at('/about', <AboutPage />));
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Who we are' })).toHaveTextContent(/initiative/i);
  });

  it('profiles two leaders, each with a portrait, a role and a LinkedIn link', () => {
    render(at('/about', <AboutPage />));
    const leaders = within(screen.getByRole('region', { name: 'Our leadership' })).getAllByRole('listitem');
    expect(leaders).toHaveLength(2);
    for (const leader of leaders) {
      const name = within(leader).getByRole('heading', { level: 3 }).textContent!;
      expect(
        within(leader).getByRole('link', { name: `LinkedIn profile of ${name} (opens in a new tab)` }),
      ).toHaveAttribute('href', expect.stringMatching(/^https:\/\/www\.linkedin\.com\//));
      expect(leader.querySelector('[aria-hidden="true"]')?.textContent).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('shows exactly 12 Innovation Curation Partners', () => {
    render(at('/about', <AboutPage />));
    const grid = screen.getByRole('region', { name: 'Innovation Curation Partners' });
    const people = within(grid).getAllByRole('listitem');
    expect(people).toHaveLength(12);
    for (const person of people)
      expect(within(person).getByRole('link', { name: /^LinkedIn profile of/ })).toBeInTheDocument();
  });

  it('lists the current core team and the past contributors', () => {
    render(at('/about', <AboutPage />));
    const core = screen.getByRole('region', { name: 'Current core team' });
    const past = screen.getByRole('region', { name: 'Past contributors' });
    expect(within(core).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(past).getAllByRole('listitem').length).toBeGreaterThan(0);
  });
});

describe('the Contact Us page', () => {
  it('has an introduction, the inline contact form and the other ways to reach the team', () => {
    render(<ContactUsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Contact Us' });
    expect(within(form).getByLabelText(/^First name/)).toBeRequired();
    expect(within(form).getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    const other = screen.getByRole('complementary', { name: 'Other ways to reach us' });
    expect(other).toHaveTextContent('Wednesdays at 12pm PST');
    expect(within(other).getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });
});
