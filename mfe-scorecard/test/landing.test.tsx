import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ScorecardLandingPage from '../src/pages/ScorecardLandingPage';
import { fillRequired, lastSubmission, mockSubmissions, sendDialogForm } from './form-helpers';
import { at } from './seed';

// Spec §2, Scorecard landing page.
const MENU = ['Prepare', 'Overview', 'Assess', 'Collaborate', 'Subscribe', 'Feedback', 'Support', 'Contribute'];
const CARDS = [
  'Preparation Matters',
  'Scorecard Overview',
  'Assess Wildfire Risk and Readiness',
  'Collaborate With Us',
  'Subscribe for Updates',
  'Share Feedback & Upload Your Scorecard',
  'Need Scorecard Support? We can Help!',
  'Contribute to the Cause',
];

// Whole pages render and forms are typed into: slow on a shared CI machine.
jest.setTimeout(30_000);

let width = 1280;
beforeEach(() => {
  width = 1280;
  Object.defineProperty(window, 'innerWidth', { configurable: true, get: () => width });
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});

mockSubmissions();

function card(title: string) {
  return screen.getByRole('region', { name: title });
}

describe('the scorecard landing page', () => {
  it('has the banner with its title, tagline, picture credit and download button', () => {
    render(at('/scorecard', <ScorecardLandingPage />));
    const banner = screen.getByRole('region', { name: 'Community Inspection' });
    expect(within(banner).getByRole('heading', { level: 1, name: 'Community Inspection' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('Catastrophic Fires Destroy / Community Preparation Saves');
    expect(within(banner).getByRole('img')).toHaveAccessibleName(/inspectors/);
    expect(within(banner).getByText(/^Image: /)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Download Scorecard' })).toBeInTheDocument();
  });

  it('has the sticky sub-header titled Community Wildfire Resilience Scorecard', () => {
    const { container } = render(at('/scorecard', <ScorecardLandingPage />));
    const subHeader = container.querySelector('[data-sticky-header]');
    expect(subHeader).toHaveAttribute('data-state', 'initial');
    expect(
      within(subHeader as HTMLElement).getByRole('heading', { name: 'Community Wildfire Resilience Scorecard' }),
    ).toBeInTheDocument();
  });

  it('lists the eight menu entries in order, each linking to its card', () => {
    render(at('/scorecard', <ScorecardLandingPage />));
    const menu = screen.getByRole('navigation', { name: 'Page menu' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(MENU);
    links.forEach((link, index) => {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target).toHaveAccessibleName(CARDS[index]);
    });
  });

  it('shows the eight cards of spec §2 in the scorecard style, each with an image', () => {
    render(at('/scorecard', <ScorecardLandingPage />));
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(CARDS);
    for (const title of CARDS) {
      const image = within(card(title)).getAllByRole('img')[0]!;
      expect(image.getAttribute('alt')).not.toHaveLength(0);
      expect(image).toHaveAttribute('width', '300');
      expect(image).toHaveAttribute('height', '400');
    }
  });

  it('highlights a card while its menu entry is hovered or focused', async () => {
    const user = userEvent.setup({ delay: null });
    render(at('/scorecard', <ScorecardLandingPage />));
    const menu = screen.getByRole('navigation', { name: 'Page menu' });
    await user.hover(within(menu).getByRole('link', { name: 'Collaborate' }));
    expect(card('Collaborate With Us')).toHaveAttribute('data-highlighted', 'true');
    expect(card('Preparation Matters')).not.toHaveAttribute('data-highlighted');
    await user.unhover(within(menu).getByRole('link', { name: 'Collaborate' }));
    expect(card('Collaborate With Us')).not.toHaveAttribute('data-highlighted');

    act(() => within(menu).getByRole('link', { name: 'Support' }).focus());
    expect(card('Need Scorecard Support? We can Help!')).toHaveAttribute('data-highlighted', 'true');
  });

  it('collapses the menu behind its PAGE MENU toggle at 1024px', async () => {
    width = 1024;
    const user = userEvent.setup({ delay: null });
    render(at('/scorecard', <ScorecardLandingPage />));
    const toggle = screen.getByRole('button', { name: /PAGE MENU/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Prepare' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'Prepare' })).toBeVisible();
  });

  it('has the overview accordion, zip tools and the contact link', async () => {
    const user = userEvent.setup({ delay: null });
    render(at('/scorecard', <ScorecardLandingPage />));
    const overview = card('Scorecard Overview');
    const questions = within(overview).getAllByRole('button', { expanded: false });
    // Spec: What is, Why needed, How to use, Who is it for (the +/- sign is drawn by CSS from aria-expanded).
    expect(questions.map((button) => button.textContent)).toEqual([
      'What is the scorecard?',
      'Why is it needed?',
      'How do I use it?',
      'Who is it for?',
    ]);
    await user.click(questions[1]!);
    await user.click(questions[3]!);
    expect(questions.map((button) => button.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false', 'true']);
    const tools = within(overview).getByRole('list', { name: 'Tools to open the zip file' });
    expect(
      within(tools)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual([expect.stringMatching(/Windows/), expect.stringMatching(/Mac/), expect.stringMatching(/Linux/)]);
    expect(within(overview).getByRole('link', { name: 'Problems Downloading? Contact Us' })).toHaveAttribute(
      'href',
      '/scorecard/contact',
    );
  });

  it('links the Assess card to the online self-assessment', () => {
    render(at('/scorecard', <ScorecardLandingPage />));
    expect(
      within(card('Assess Wildfire Risk and Readiness')).getByRole('link', { name: /Self-Assessment/ }),
    ).toHaveAttribute('href', '/scorecard/assess');
  });
});

// Spec §3: forms launched from the scorecard pages add scorecardForm: true. Endpoints: spec §7.
const CARD_FORMS = [
  {
    card: 'Preparation Matters',
    button: 'Pilot with Us',
    dialog: 'Collaborate With Us',
    endpoint: '/api/submit-collab-form',
    submit: 'Send',
  },
  {
    card: 'Scorecard Overview',
    button: 'Download Scorecard',
    dialog: 'Download the Scorecard',
    endpoint: '/api/submit-download-form',
    submit: 'Download',
  },
  {
    card: 'Collaborate With Us',
    button: 'Join the Pilot Programme',
    dialog: 'Collaborate With Us',
    endpoint: '/api/submit-collab-form',
    submit: 'Send',
  },
  {
    card: 'Share Feedback & Upload Your Scorecard',
    button: 'Feedback & Upload',
    dialog: 'Share Feedback & Upload Your Scorecard',
    endpoint: '/api/submit-feedback-form',
    submit: 'Send Feedback',
  },
  {
    card: 'Need Scorecard Support? We can Help!',
    button: 'Contact the Scorecard Team',
    dialog: 'Contact Us',
    endpoint: '/api/submit-contact-form',
    submit: 'Send Message',
  },
  {
    card: 'Contribute to the Cause',
    button: 'Support Wildfire Prevention',
    dialog: 'Support Wildfire Prevention',
    endpoint: '/api/submit-support-form',
    submit: 'Offer Support',
  },
] as const;

describe('each card’s form sends scorecardForm: true', () => {
  it.each(CARD_FORMS)(
    '$card: $button opens the $dialog form',
    async ({ card: title, button, dialog: dialogName, endpoint, submit }) => {
      const user = userEvent.setup({ delay: null });
      render(at('/scorecard', <ScorecardLandingPage />));
      await user.click(within(card(title)).getByRole('button', { name: button }));
      const sent = await sendDialogForm(user, dialogName, submit);
      expect(sent.url).toBe(endpoint);
      // Multipart sends every value as text.
      expect(sent.fields.scorecardForm).toBe(endpoint.includes('feedback') ? 'true' : true);
      expect(sent.fields).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        zipCode: '94110',
      });
    },
  );

  it('the feedback form says it came from the scorecard page', async () => {
    const user = userEvent.setup({ delay: null });
    render(at('/scorecard', <ScorecardLandingPage />));
    await user.click(screen.getByRole('button', { name: 'Feedback & Upload' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Feedback & Upload Your Scorecard' });
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() => expect(lastSubmission().fields.pageName).toBe('scorecard'));
  });

  it('Subscribe for Updates: the inline form', async () => {
    const user = userEvent.setup({ delay: null });
    render(at('/scorecard', <ScorecardLandingPage />));
    const subscribe = card('Subscribe for Updates');
    await fillRequired(user, subscribe);
    await user.click(within(subscribe).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(within(subscribe).getByLabelText(/^First name/)).toHaveValue(''));
    const sent = lastSubmission();
    expect(sent.url).toBe('/api/submit-subscribe-form');
    expect(sent.fields).toMatchObject({ scorecardForm: true, zipCode: '94110' });
  });

  it('the banner’s Download Scorecard button', async () => {
    const user = userEvent.setup({ delay: null });
    render(at('/scorecard', <ScorecardLandingPage />));
    await user.click(
      within(screen.getByRole('region', { name: 'Community Inspection' })).getByRole('button', {
        name: 'Download Scorecard',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Download the Scorecard' });
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(lastSubmission()).toMatchObject({ url: '/api/submit-download-form', fields: { scorecardForm: true } }),
    );
  });
});
