import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FaqPage from '../src/pages/FaqPage';
import InstructionsPage from '../src/pages/InstructionsPage';
import NewsPage from '../src/pages/NewsPage';
import ParticipationPage from '../src/pages/ParticipationPage';
import ScorecardAboutPage from '../src/pages/ScorecardAboutPage';
import ScorecardContactPage from '../src/pages/ScorecardContactPage';
import SubscribePage from '../src/pages/SubscribePage';
import { fillRequired, lastSubmission, mockSubmissions, sendDialogForm } from './form-helpers';
import { at } from './seed';
import { headingTexts } from '../../test-support/headings';

jest.setTimeout(30_000);
mockSubmissions();

describe('/scorecard/instructions', () => {
  it('gives the five steps in order', () => {
    render(<InstructionsPage />);
    const steps = screen.getByRole('region', { name: 'Five steps to your first assessment' });
    expect(headingTexts(steps, 3)).toEqual([
      'Form a team',
      'Gather data',
      'Score each of the Ten Essentials',
      'Agree actions',
      'Repeat yearly',
    ]);
  });

  it('draws the Ten Essentials as a named image with the full list as its text', () => {
    render(<InstructionsPage />);
    const infographic = screen.getByRole('img', { name: /The Ten Essentials of wildfire resilience/ });
    expect(infographic.tagName.toLowerCase()).toBe('svg');
    const section = screen.getByRole('region', { name: 'The Ten Essentials at a glance' });
    const essentials = within(section).getAllByRole('listitem');
    expect(essentials).toHaveLength(10);
    expect(essentials[0]).toHaveTextContent('Organise for disaster resilience');
    expect(essentials[4]).toHaveTextContent(
      'Safeguard natural buffers to enhance the protective functions offered by natural ecosystems',
    );
    expect(essentials[9]).toHaveTextContent('Expedite recovery and build back better');
  });

  it('says what the download holds: instructions, spreadsheet and pdf', () => {
    render(<InstructionsPage />);
    const download = screen.getByRole('region', { name: 'What the download holds' });
    expect(headingTexts(download, 3)).toEqual(['Instructions', 'Spreadsheet workbook', 'PDF guide']);
    expect(download).toHaveTextContent('.xlsx');
    expect(download).toHaveTextContent('.pdf');
  });
});

describe('/scorecard/news', () => {
  it('is the press release of 19 February 2024 with the spec’s figures', () => {
    render(at('/scorecard/news', <NewsPage />));
    expect(screen.getAllByText('19 February 2024', { selector: 'time' })[0]).toHaveAttribute('datetime', '2024-02-19');
    const release = document.body.textContent ?? '';
    for (const figure of [
      '$6.3 million grant',
      '$6.7 million watershed grant',
      '$60,000',
      '$394 to $893 billion a year',
      'more than 400 member organisations',
      '35 countries',
      'about 350 cities',
    ]) {
      expect(release).toContain(figure);
    }
  });

  it('links to the publication, the download form and the contact page, and names its contacts', () => {
    render(at('/scorecard/news', <NewsPage />));
    const external = screen.getByRole('link', { name: /Read the release on the alliance’s website/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('href')).toMatch(/^https:\/\//);
    expect(screen.getByRole('link', { name: 'Contact the scorecard team' })).toHaveAttribute(
      'href',
      '/scorecard/contact',
    );
    // A link to the form's own page, which opens the pop-up once scripts run.
    const download = screen.getByRole('link', { name: 'Download the scorecard' });
    expect(download).toHaveAttribute('aria-haspopup', 'dialog');
    expect(download).toHaveAttribute('href', '/forms/download?scorecard=true');
    const contacts = screen.getByRole('region', { name: 'Press and contacts' });
    expect(within(contacts).getAllByRole('link', { name: /@/ }).length).toBeGreaterThanOrEqual(2);
  });
});

describe('/scorecard/participation', () => {
  it('lists the stakeholders, the four pilot options and the support options', () => {
    render(<ParticipationPage />);
    expect(
      within(screen.getByRole('region', { name: 'Who takes part' })).getAllByRole('listitem').length,
    ).toBeGreaterThanOrEqual(6);
    const pilots = screen.getByRole('region', { name: 'Four ways to pilot' });
    expect(headingTexts(pilots, 3)).toEqual([
      'Self-pilot',
      'Collaborate with other networks',
      'Expert review',
      'Full collaboration',
    ]);
    // Comparable: every option answers the same questions.
    for (const option of within(pilots).getAllByRole('listitem')) {
      expect(Array.from(option.querySelectorAll('dt')).map((term) => term.textContent)).toEqual([
        'Who leads',
        'What we provide',
        'Typical time',
        'Best for',
      ]);
    }
    expect(
      within(screen.getByRole('region', { name: 'Ways to support' })).getAllByRole('heading', { level: 3 }).length,
    ).toBeGreaterThanOrEqual(4);
  });
});

describe('/scorecard/about', () => {
  it('shows the partners, five author cards, collaborator lists and the web team', () => {
    render(<ScorecardAboutPage />);
    expect(
      within(screen.getByRole('region', { name: 'Partner organisations' })).getAllByRole('heading', { level: 3 }),
    ).toHaveLength(3);
    const authors = within(screen.getByRole('region', { name: 'Authors' })).getAllByRole('listitem');
    expect(authors).toHaveLength(5);
    for (const author of authors) {
      expect(within(author).getByRole('heading', { level: 3 })).toBeInTheDocument();
      expect(
        within(author)
          .getByRole('link', { name: /LinkedIn/ })
          .getAttribute('href'),
      ).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
      // No photo here: an initials avatar stands in for it.
      expect(author.querySelector('svg text')?.textContent).toMatch(/^[A-Z]{2}$/);
    }
    const collaborators = screen.getByRole('region', { name: 'Collaborators' });
    expect(headingTexts(collaborators, 3)).toEqual(['Contributing authors', 'Reviewers']);
    expect(within(screen.getByRole('region', { name: 'Web team' })).getAllByRole('list').length).toBeGreaterThanOrEqual(
      1,
    );
  });
});

// Spec §3: forms launched from the scorecard pages add scorecardForm: true. Endpoints: spec §7.
const SUB_PAGE_FORMS = [
  {
    page: '/scorecard/instructions',
    Page: InstructionsPage,
    opener: 'Download the scorecard',
    dialog: 'Download the Scorecard',
    submit: 'Download',
    endpoint: '/api/submit-download-form',
  },
  {
    page: '/scorecard/news',
    Page: NewsPage,
    opener: 'Download the scorecard',
    dialog: 'Download the Scorecard',
    submit: 'Download',
    endpoint: '/api/submit-download-form',
  },
  {
    page: '/scorecard/participation',
    Page: ParticipationPage,
    opener: 'Collaborate with Us',
    dialog: 'Collaborate With Us',
    submit: 'Send',
    endpoint: '/api/submit-collab-form',
  },
  {
    page: '/scorecard/participation',
    Page: ParticipationPage,
    opener: 'Feedback',
    dialog: 'Share Feedback & Upload Your Scorecard',
    submit: 'Send Feedback',
    endpoint: '/api/submit-feedback-form',
  },
  {
    page: '/scorecard/participation',
    Page: ParticipationPage,
    opener: 'Support Wildfire Prevention',
    dialog: 'Support Wildfire Prevention',
    submit: 'Offer Support',
    endpoint: '/api/submit-support-form',
  },
] as const;

describe('pop-up forms of the sub-pages send scorecardForm: true', () => {
  it.each(SUB_PAGE_FORMS)('$page: $opener', async ({ page, Page, opener, dialog: dialogName, submit, endpoint }) => {
    const user = userEvent.setup({ delay: null });
    render(at(page, <Page />));
    await user.click(screen.getByRole('link', { name: opener }));
    const sent = await sendDialogForm(user, dialogName, submit);
    expect(sent.url).toBe(endpoint);
    expect(String(sent.fields.scorecardForm)).toBe('true');
  });
});

/** Fills the page's form in, sends it, waits until it is cleared, and answers what was sent. */
async function sendPageForm(user: ReturnType<typeof userEvent.setup>, formName: string, submit: string) {
  const form = screen.getByRole('form', { name: formName });
  await fillRequired(user, form);
  await user.click(within(form).getByRole('button', { name: submit }));
  await waitFor(() => expect(within(form).getByLabelText(/^First name/)).toHaveValue(''));
  return lastSubmission();
}

describe('the form pages keep their forms, with an introduction', () => {
  it('/scorecard/subscribe sends the page subscribe form with scorecardForm: true', async () => {
    const user = userEvent.setup({ delay: null });
    render(<SubscribePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Subscribe for Updates' }).nextElementSibling,
    ).toHaveTextContent(/scorecard/);
    expect(await sendPageForm(user, 'Subscribe for Updates', 'Subscribe')).toMatchObject({
      url: '/api/submit-subscribe-form',
      fields: { scorecardForm: true, zip: '94110' },
    });
  });

  it('/scorecard/contact sends the scorecard contact form with scorecardForm: true', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ScorecardContactPage />);
    expect(await sendPageForm(user, 'Contact Us', 'Send Message')).toMatchObject({
      url: '/api/submit-contact-form',
      fields: { scorecardForm: true, zip: '94110' },
    });
  });

  it('the FAQ points to the contact page', () => {
    render(at('/scorecard/faq', <FaqPage />));
    expect(screen.getByRole('link', { name: 'Contact the scorecard team' })).toHaveAttribute(
      'href',
      '/scorecard/contact',
    );
  });
});
