import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT } from '../../test-support/spec/impact-report';
import { toCsv } from '../src/team/impact/csv';
import { pagesFor } from '../src/team/pages';
import TeamConsole from '../src/team/TeamConsole';

jest.mock('single-spa', () => jest.requireActual('./helpers/single-spa'));

// userEvent and Plot's first drawing take seconds on a busy two-core CI machine.
jest.setTimeout(30_000);

// The atlas files are build assets (new URL(…, import.meta.url)); here the fake API serves the package's own files.
jest.mock('../src/team/impact/atlas-urls', () => ({
  ATLAS_URLS: { state: '/assets/states-albers-10m.json', county: '/assets/counties-albers-10m.json' },
}));
const atlasFile = (name: string) =>
  JSON.parse(
    fs.readFileSync(path.join(path.dirname(require.resolve('us-atlas/package.json')), name), 'utf8'),
  ) as unknown;

/** A member with the Impact role only (issue 40: admins and `reports`). */
const REPORTER = {
  signedIn: true,
  email: 'board.liaison@consortium.test',
  csrfToken: 'csrf-token-of-the-session',
  admin: false,
  roles: ['reports'],
  freshUntil: '2999-01-01T00:00:00.000Z',
};

/** A fake API: answers by "METHOD path", records every URL asked for. */
function fakeApi(impact: (url: URL) => { status: number; body: unknown }) {
  const urls: URL[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url);
    const answer =
      url.pathname === '/api/team/session'
        ? { status: 200, body: REPORTER }
        : url.pathname === '/api/team/impact'
          ? impact(url)
          : url.pathname.startsWith('/assets/')
            ? { status: 200, body: atlasFile(url.pathname.slice('/assets/'.length)) }
            : { status: 404, body: { error: 'Not found.' } };
    return { ok: answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  });
  return urls.filter.bind(urls);
}

// The page is a lazy chunk; its first import compiles Plot and d3 for jest, which takes longer
// than findBy's wait: done once before the tests, so each test waits only for the page itself.
beforeAll(() => import('../src/team/impact/ImpactPage'));

afterEach(() => {
  Reflect.deleteProperty(global, 'fetch');
});

const section = (name: string) => screen.getByRole('region', { name });

describe('the Impact page', () => {
  it('is in the navigation of admins and the reports role only', () => {
    const paths = (roles: string[], admin = false) =>
      pagesFor({ admin, roles: roles as never }).map((page) => page.path);
    expect(paths(['reports'])).toEqual(['/team/impact']);
    expect(paths(['inbox', 'updates'])).not.toContain('/team/impact');
    expect(paths([], true)).toContain('/team/impact');
  });

  it('shows the last 30 days by default: totals with the previous period, every chart drawn with its table and a CSV', async () => {
    window.history.replaceState(null, '', '/team/impact');
    const asked = fakeApi(() => ({ status: 200, body: REPORT }));
    render(<TeamConsole />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Impact' })).toBeInTheDocument();
    expect(screen.getByText(/Counts are estimates, not evidence/)).toBeInTheDocument();
    expect(screen.getByText(/Regions with fewer than 5 are folded into “Other”/)).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Totals' });
    expect(asked((url) => url.pathname === '/api/team/impact').map((url) => url.search)).toEqual(['?period=30d']);

    const totals = within(section('Totals: the numbers'));
    expect(totals.getByRole('row', { name: 'Page views 1,234 1,000 +23%' })).toBeInTheDocument();
    expect(totals.getByRole('row', { name: 'Visits from an update’s link 25 0 new' })).toBeInTheDocument();

    for (const title of [
      'Visits over time',
      'Top pages',
      'Referrers',
      'Campaigns',
      'From a visit to a subscription',
      'Scorecard downloads',
      'List growth',
    ]) {
      const chart = screen.getByRole('heading', { level: 2, name: title }).parentElement as HTMLElement;
      // Drawn by Plot as SVG, summarised for screen readers; the numbers are in the table.
      expect(within(chart).getByRole('img').querySelector('svg')).not.toBeNull();
      expect(within(chart).getByRole('table', { name: `${title}: the numbers` })).toBeInTheDocument();
      expect(within(chart).getByRole('button', { name: `Download CSV of ${title}` })).toBeInTheDocument();
    }
    const funnel = within(section('From a visit to a subscription: the numbers'));
    expect(funnel.getAllByRole('row').map((row) => row.firstElementChild?.textContent)).toEqual([
      'Step',
      'Visit',
      'Form opened',
      'Form sent',
      'Subscription confirmed',
    ]);
    expect(
      within(section('Visits from updates: the numbers')).getByRole('row', { name: 'The 2027 Scorecard 25 0 new' }),
    ).toBeInTheDocument();
  });

  it('lists reach by region with "Other" and "Unknown", shades the map, and says provinces are in the table only', async () => {
    window.history.replaceState(null, '', '/team/impact?period=7d');
    fakeApi(() => ({ status: 200, body: REPORT }));
    render(<TeamConsole />);
    const reach = within(await screen.findByRole('region', { name: 'Reach: the numbers' }));
    expect(reach.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RegionKind of regionCount',
      'Californiastate12',
      'Butte County, CAcounty7',
      'British Columbiaprovince5',
      'OtherRegions under 59',
      'UnknownCodes that match no region2',
    ]);
    expect(screen.getByText(/Canadian provinces are listed in the table only/)).toBeInTheDocument();
    const map = screen.getByRole('heading', { level: 2, name: 'Reach' }).parentElement as HTMLElement;
    await waitFor(() =>
      expect(
        within(map)
          .getByRole('img', { name: /US states: 1 shaded/ })
          .querySelector('svg'),
      ).not.toBeNull(),
    );
    await userEvent.setup().selectOptions(screen.getByLabelText('What'), 'pilot');
    expect(reach.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RegionKind of regionCount',
      'OtherRegions under 53',
      'UnknownCodes that match no region0',
    ]);
  });

  it('changes the period from the keyboard; a custom period goes in the address and the API’s refusal is shown', async () => {
    window.history.replaceState(null, '', '/team/impact');
    const asked = fakeApi((url) =>
      url.searchParams.get('period') === 'custom' && url.searchParams.get('from')! > url.searchParams.get('to')!
        ? { status: 400, body: { error: 'The first day must not be after the last day.' } }
        : { status: 200, body: REPORT },
    );
    const user = userEvent.setup();
    render(<TeamConsole />);
    const thirty = await screen.findByRole('radio', { name: '30 days' });
    expect(thirty).toBeChecked();
    thirty.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(window.location.search).toBe('?period=7d'));

    await user.click(screen.getByRole('radio', { name: 'Custom dates' }));
    await user.type(screen.getByLabelText('First day'), '2026-11-20');
    await user.type(screen.getByLabelText('Last day'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The first day must not be after the last day.');
    expect(window.location.search).toBe('?period=custom&from=2026-11-20&to=2026-11-01');
    expect(asked((url) => url.pathname === '/api/team/impact').map((url) => url.search)).toEqual([
      '?period=30d',
      '?period=7d',
      '?period=custom&from=2026-11-20&to=2026-11-01',
    ]);
  });
});

describe('the Impact CSV', () => {
  it('quotes text, keeps numbers bare, ends lines with CRLF and defuses formulas', () => {
    const csv = toCsv(
      [
        { label: 'Page', value: (row: { page: string; views: number }) => row.page },
        { label: 'Views', value: (row: { page: string; views: number }) => row.views },
      ],
      [
        { page: '/scorecard', views: 12 },
        { page: '=HYPERLINK("x")', views: 0 },
      ],
    );
    expect(csv).toBe('"Page","Views"\r\n"/scorecard",12\r\n"\'=HYPERLINK(""x"")",0\r\n');
  });
});
