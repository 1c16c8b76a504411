import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seededArea } from '../../test-support/page-data';
import { MODEL } from '../src/content/model';
import { PAGE_DATA } from '../src/content/page-data';
import { PAGE_META } from '../src/content/page-meta';
import SponsorsPage from '../src/pages/SponsorsPage';
import { at, HOME } from './seed';

jest.setTimeout(30_000);

const INCLUDED = 'Included';
const NOT = 'Not included';

/** The seed with the public reach line switched on (or off), and N from the API. */
function withReachLine(show: boolean, reachRegions: number) {
  const now = '2026-11-28T06:00:00.000Z';
  const entries = [
    ...HOME.api.seedEntries(),
    {
      type: 'reachLine',
      id: 'reach-line',
      slug: 'reach-line',
      data: { name: 'Reach line', show },
      publishedAt: now,
      updatedAt: now,
    },
  ];
  const content = HOME.api.buildContent({ kind: 'published', revision: 'r1' }, entries);
  return seededArea(
    { model: MODEL, pageData: PAGE_DATA, pageMeta: PAGE_META },
    { ...content, figures: { reachRegions } },
  );
}

describe('the Sponsors page', () => {
  it('lists the public reach line among the accomplishments when the team switched it on (issue 40)', () => {
    const accomplishments = () => screen.getByRole('region', { name: 'What we have achieved together' });
    const { unmount } = render(withReachLine(true, 7).wrap('/sponsors', <SponsorsPage />));
    expect(accomplishments()).toHaveTextContent('Downloaded by communities in 7 states and provinces');
    unmount();
    const off = render(withReachLine(false, 7).wrap('/sponsors', <SponsorsPage />));
    expect(accomplishments()).not.toHaveTextContent('Downloaded by communities');
    off.unmount();
    render(at('/sponsors', <SponsorsPage />));
    expect(accomplishments()).not.toHaveTextContent('Downloaded by communities');
  });

  it('has a Join link to /contact-us in its hero', () => {
    render(at('/sponsors', <SponsorsPage />));
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Join/ })).toHaveAttribute('href', '/contact-us');
  });

  it('opens and closes the four benefit dropdowns independently', async () => {
    const user = userEvent.setup();
    render(at('/sponsors', <SponsorsPage />));
    const names = [/Profitability/, /Innovation/, /Industry/, /Strategic/];
    const toggles = names.map((name) => screen.getByRole('button', { name }));
    for (const toggle of toggles) expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggles[0]!);
    await user.click(toggles[2]!);
    expect(toggles.map((toggle) => toggle.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'true', 'false']);
    await user.click(toggles[0]!);
    expect(toggles.map((toggle) => toggle.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'true', 'false']);
    expect(screen.getByRole('region', { name: /Industry/ })).toBeVisible();
  });

  it('shows the sponsor packages of spec §9 as a table', () => {
    render(at('/sponsors', <SponsorsPage />));
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/\s+/g, ' ').trim());
    expect(headers).toEqual(['Benefit', 'Bronze $5,000', 'Silver $7,500', 'Gold $25,000']);
    const rows = Object.fromEntries(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => {
          const benefit = within(row).getByRole('rowheader').textContent!;
          return [
            benefit,
            within(row)
              .getAllByRole('cell')
              .map((cell) => cell.textContent),
          ];
        }),
    );
    expect(rows).toEqual({
      'Innovator introductions': [NOT, NOT, INCLUDED],
      'Executive roundtable': [NOT, NOT, INCLUDED],
      'Strategic relationship sessions': [NOT, 'One time a year', 'Three times a year'],
      'Event access': [NOT, INCLUDED, INCLUDED],
      'Marketing exposure': [INCLUDED, INCLUDED, INCLUDED],
    });
  });

  it('lists the accomplishments with the spec’s figures', () => {
    render(at('/sponsors', <SponsorsPage />));
    const figures = screen.getByRole('region', { name: /achieved/ });
    const text = figures.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Over 200 guests at a prior showcase');
    expect(text).toContain('6,500+ views');
    expect(text).toContain('Over 500 live attendees in two years');
    expect(text).toContain('10,000 registrants in two years');
    expect(text).toContain('Over 100 organisations');
  });

  it('has opportunities, a who-we-are section and a Become a Sponsor button that opens the sponsor form', async () => {
    const user = userEvent.setup();
    render(at('/sponsors', <SponsorsPage />));
    expect(screen.getByRole('heading', { level: 2, name: 'Opportunities' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Who we are' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Become a Sponsor' }));
    expect(await screen.findByRole('dialog', { name: 'Become a Sponsor' })).toBeInTheDocument();
  });
});
