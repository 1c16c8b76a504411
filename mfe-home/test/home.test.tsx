import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HomePage from '../src/pages/HomePage';
import { SHOWCASE_OPEN_CARD, SHOWCASE_NOTIFY_CARD, SHOWCASE_REGISTRATION_OPEN, homeCards } from '../src/content/home';
import { Card } from '@wpc/shared/ui';
import { setWindowWidth } from '../../test-support/window-width';

// Spec §2: the PAGE MENU entries, in order, and the card each one leads to.
const MENU = [
  ['Showcase', 'Wildfire Innovation Showcase'],
  ['Assess', 'Assess Wildfire Risk and Readiness'],
  ['Scorecard', 'Scorecard Overview'],
  ['Sponsor', 'Sponsor Opportunities'],
  ['Pilot', 'Preparation Matters'],
  ['Collaborate', 'Collaborate With Us'],
  ['Subscribe', 'Subscribe for Updates'],
  ['Share', 'Share Feedback & Upload Your Scorecard'],
  ['Support', 'Need Support?'],
  ['Contribute', 'Contribute to the Cause'],
] as const;

// The whole home page renders in every test; CI machines are shared and slow.
jest.setTimeout(30_000);

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

beforeEach(() => {
  setWindowWidth(1280);
  fetchMock.mockReset();
  fetchMock.mockResolvedValue({ status: 200 } as Response);
  global.fetch = fetchMock as unknown as typeof fetch;
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  // jsdom cannot follow the download link the download form clicks.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

const menu = () => screen.getByRole('navigation', { name: 'Page menu' });
const card = (title: string) => screen.getByRole('region', { name: title });

describe('the home hero', () => {
  it('states the record statistic with its source and offers the scorecard download', async () => {
    const user = userEvent.setup();
    render(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/catastrophic fires/i);
    expect(screen.getByText(/45\.7 million acres/).closest('p')).toHaveTextContent(
      '45.7 million acres burned in Canada in 2023',
    );
    expect(screen.getByText(/^Source:/)).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: /catastrophic fires/i });
    await user.click(within(hero).getByRole('button', { name: 'Download Scorecard' }));
    expect(await screen.findByRole('dialog', { name: 'Download the Scorecard' })).toBeInTheDocument();
  });
});

describe('the page menu', () => {
  it('lists the ten entries of the spec, each a link to its card', () => {
    render(<HomePage />);
    expect(within(menu()).getByRole('heading', { name: 'PAGE MENU' })).toBeInTheDocument();
    const links = within(menu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(MENU.map(([label]) => label));
    for (const [label, title] of MENU) {
      const href = within(menu()).getByRole('link', { name: label }).getAttribute('href')!;
      expect(href).toMatch(/^#/);
      expect(document.getElementById(href.slice(1))).toBe(card(title));
    }
  });

  it('is open above 1024px and collapsed at 1024px until toggled', async () => {
    const user = userEvent.setup();
    setWindowWidth(1025);
    const { unmount } = render(<HomePage />);
    expect(within(menu()).queryByRole('button', { name: /PAGE MENU/ })).not.toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Share' })).toBeVisible();
    unmount();

    setWindowWidth(1024);
    render(<HomePage />);
    const toggle = within(menu()).getByRole('button', { name: /PAGE MENU/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu()).queryByRole('link', { name: 'Share' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(within(menu()).getByRole('link', { name: 'Share' })).toBeVisible();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('highlights the matching card while an entry is hovered or focused', async () => {
    const user = userEvent.setup();
    render(<HomePage />);
    const sponsor = card('Sponsor Opportunities');
    expect(sponsor).not.toHaveAttribute('data-highlighted');
    await user.hover(within(menu()).getByRole('link', { name: 'Sponsor' }));
    expect(sponsor).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getAllByRole('region').filter((region) => region.hasAttribute('data-highlighted'))).toEqual([
      sponsor,
    ]);
    await user.unhover(within(menu()).getByRole('link', { name: 'Sponsor' }));
    expect(sponsor).not.toHaveAttribute('data-highlighted');

    act(() => within(menu()).getByRole('link', { name: 'Pilot' }).focus());
    expect(card('Preparation Matters')).toHaveAttribute('data-highlighted', 'true');
    await user.tab();
    expect(card('Preparation Matters')).not.toHaveAttribute('data-highlighted');
    expect(card('Collaborate With Us')).toHaveAttribute('data-highlighted', 'true');
  });
});

describe('the cards', () => {
  it('appear in the menu order, the Showcase card in its notify variant while registration is closed', () => {
    expect(SHOWCASE_REGISTRATION_OPEN).toBe(false);
    render(<HomePage />);
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles.filter((title) => MENU.some(([, cardTitle]) => cardTitle === title))).toEqual(
      MENU.map(([, title]) => title),
    );
    const showcase = card('Wildfire Innovation Showcase');
    expect(within(showcase).getByText(/7\+/)).toBeInTheDocument();
    expect(within(showcase).getByRole('button', { name: 'Notify Me!' })).toBeInTheDocument();
    expect(within(showcase).getByRole('link', { name: /Learn more/ })).toHaveAttribute('href', '/showcase/innovations');
  });

  it('offers registration instead in the showcase variant, with the same Learn more link', () => {
    expect(homeCards(true)[0]).toBe(SHOWCASE_OPEN_CARD);
    expect(homeCards(false)[0]).toBe(SHOWCASE_NOTIFY_CARD);
    render(<Card {...SHOWCASE_OPEN_CARD} />);
    const showcase = card('Wildfire Innovation Showcase');
    expect(within(showcase).getByText(/7\+/)).toBeInTheDocument();
    expect(within(showcase).queryByRole('button', { name: /Notify/ })).not.toBeInTheDocument();
    expect(within(showcase).getByRole('link', { name: /Register/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:/),
    );
    expect(within(showcase).getByRole('link', { name: /Learn more/ })).toHaveAttribute('href', '/showcase/innovations');
  });

  it('gives the Scorecard Overview its accordion of 4 questions, download, zip tools and Contact Us link', async () => {
    const user = userEvent.setup();
    render(<HomePage />);
    const overview = card('Scorecard Overview');
    expect(overview).toHaveAttribute('data-variant', 'scorecard');
    const questions = within(overview)
      .getAllByRole('button', { expanded: false })
      .filter((button) => button.hasAttribute('aria-controls'));
    expect(questions).toHaveLength(4);
    await user.click(questions[0]!);
    await user.click(questions[3]!);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
    expect(questions[3]).toHaveAttribute('aria-expanded', 'true');
    expect(questions[1]).toHaveAttribute('aria-expanded', 'false');
    for (const platform of ['Windows', 'Mac', 'Linux']) {
      expect(within(overview).getByRole('link', { name: new RegExp(`for ${platform}`) })).toHaveAttribute(
        'target',
        '_blank',
      );
    }
    expect(within(overview).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    expect(within(overview).getByRole('button', { name: 'Download Scorecard' })).toBeInTheDocument();
  });

  it('links the Assess card to the online self-assessment', () => {
    render(<HomePage />);
    expect(
      within(card('Assess Wildfire Risk and Readiness')).getByRole('link', { name: /online self-assessment/ }),
    ).toHaveAttribute('href', '/scorecard/assess');
  });

  it('gives every image its size and alt text, and lazy-loads the card images', () => {
    render(<HomePage />);
    const images = screen.getAllByRole('img');
    expect(images.length).toBeGreaterThanOrEqual(MENU.length + 1);
    for (const image of images) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
      expect(image.getAttribute('alt')).toMatch(/\w/);
    }
    for (const [, title] of MENU) expect(within(card(title)).getByRole('img')).toHaveAttribute('loading', 'lazy');
  });
});

// Spec §2 and §7: which endpoint each card's form sends to.
const CARD_FORMS = [
  ['Wildfire Innovation Showcase', 'Notify Me!', 'notifyme'],
  ['Assess Wildfire Risk and Readiness', 'Download Scorecard', 'download'],
  ['Scorecard Overview', 'Download Scorecard', 'download'],
  ['Sponsor Opportunities', 'Become a Sponsor', 'sponsor'],
  ['Preparation Matters', 'Pilot with Us', 'collab'],
  ['Collaborate With Us', 'Collaborate With Us', 'collab'],
  ['Share Feedback & Upload Your Scorecard', 'Feedback & Upload', 'feedback'],
  ['Need Support?', 'Contact Us', 'contact'],
  ['Contribute to the Cause', 'Support Wildfire Prevention', 'support'],
] as const;

function fillRequired(scope: HTMLElement) {
  const find = within(scope);
  fireEvent.change(find.getByLabelText(/^First name/), { target: { value: 'Ada' } });
  fireEvent.change(find.getByLabelText(/^Last name/), { target: { value: 'Lovelace' } });
  fireEvent.change(find.getByLabelText(/^Email/), { target: { value: 'ada@example.org' } });
  fireEvent.change(find.getByLabelText(/^Zip \/ postal code/), { target: { value: '94110' } });
}

describe('each card’s form', () => {
  it.each(CARD_FORMS)(
    '%s: its “%s” button opens a pop-up that sends to /api/submit-%s-form',
    async (title, button, endpoint) => {
      const user = userEvent.setup();
      render(<HomePage />);
      await user.click(within(card(title)).getByRole('button', { name: button }));
      const dialog = screen.getByRole('dialog');
      fillRequired(dialog);
      const submit = within(dialog)
        .getAllByRole('button')
        .find((element) => element.getAttribute('type') === 'submit')!;
      await user.click(submit);
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(fetchMock.mock.calls[0]![0]).toBe(`/api/submit-${endpoint}-form`);
      if (endpoint === 'feedback') {
        const body = fetchMock.mock.calls[0]![1].body as FormData;
        expect(body.get('pageName')).toBe('feedback');
      }
      // Pop-ups close on success; the notify form stays open with its thanks (spec §4).
      if (endpoint === 'notifyme') expect(within(dialog).getByRole('status')).toHaveTextContent(/Thank you/);
      else await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
  );

  it('Subscribe for Updates: its form is inside the card and sends to /api/submit-subscribe-form', async () => {
    const user = userEvent.setup();
    render(<HomePage />);
    const subscribe = card('Subscribe for Updates');
    const form = within(subscribe).getByRole('form');
    fillRequired(form);
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/submit-subscribe-form');
    await waitFor(() => expect(within(form).getByLabelText(/^First name/)).toHaveValue(''));
  });
});
