import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { formsArrived } from '@wpc/shared/forms/on-demand';
import userEvent from '@testing-library/user-event';
import InnovationsPage from '../src/pages/InnovationsPage';
import { ShowcaseSettingsProvider, type Clock } from '../src/settings/ShowcaseSettingsContext';
import { SHOWCASE_SETTINGS, type ShowcaseSettings } from '../src/settings/showcase-settings';
import { SHOWCASE } from './seed';

const NOTIFY_DIALOG = 'Notify Me About the Next Showcase';
const OPEN: ShowcaseSettings = { ...SHOWCASE_SETTINGS, registration: 'open' };
const NOTIFY: ShowcaseSettings = { ...SHOWCASE_SETTINGS, registration: 'notify' };
const at =
  (iso: string): Clock =>
  () =>
    new Date(iso);

function renderPage(settings: ShowcaseSettings, clock: Clock = at('2025-06-20T10:00:00-07:00')) {
  return render(
    SHOWCASE.wrap(
      '/showcase/innovations',
      <ShowcaseSettingsProvider settings={settings} clock={clock}>
        <InnovationsPage />
      </ShowcaseSettingsProvider>,
    ),
  );
}

/**
 * In notify mode the greeting opens once the forms module has arrived, a few promise steps after
 * the page has rendered: a test that does not wait for it lets it in here, inside act.
 */
const settleGreeting = () =>
  act(async () => {
    await formsArrived();
    await new Promise((resolve) => setTimeout(resolve));
  });

describe('/showcase/innovations, every variant', () => {
  it.each([['notify', NOTIFY] as const, ['open', OPEN] as const])(
    'has the sections of spec §2 (%s)',
    async (_mode, settings) => {
      renderPage(settings);
      expect(screen.getByRole('heading', { level: 1, name: 'Wildfire Innovation Showcase' })).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 2, name: 'Featuring 7 to 10 trailblazing ventures' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 3, name: 'Present your venture' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 3, name: 'Attend the showcase' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Play .*full recording$/ })).toBeInTheDocument();
      const organizers = screen.getByRole('region', { name: 'Meet the organizers' });
      expect(within(organizers).getAllByRole('listitem')).toHaveLength(2);
      expect(within(organizers).getAllByRole('img', { name: /logo$/ })).toHaveLength(2);
      expect(within(organizers).getByText(/See you at the showcase/)).toBeInTheDocument();
      await settleGreeting();
    },
  );
});

describe('registration flag set (notify)', () => {
  it('says Notify Me! and Accepting applications!, and shows no dates', async () => {
    renderPage(NOTIFY);
    expect(screen.getByText('Accepting applications!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify Me!' })).toBeInTheDocument();
    expect(screen.queryByText(/PST/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Register/ })).not.toBeInTheDocument();
    // The pop-up open at load fills in its form once the forms module has arrived.
    await within(await screen.findByRole('dialog', { name: NOTIFY_DIALOG })).findByLabelText(/^First name/);
  });

  it('has the notify pop-up open when the page loads, and Notify Me! opens it again', async () => {
    renderPage(NOTIFY);
    const dialog = await screen.findByRole('dialog', { name: NOTIFY_DIALOG });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notify Me!' }));
    expect(screen.getByRole('dialog', { name: NOTIFY_DIALOG })).toBeInTheDocument();
  });

  it('does not greet a visitor who opened and closed the pop-up before its form arrived', async () => {
    renderPage(NOTIFY);
    // Before the forms module has arrived (it is asked for after mount and comes in a later task).
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me!' }));
    fireEvent.keyDown(screen.getByRole('dialog', { name: NOTIFY_DIALOG }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await settleGreeting();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links Apply to Present to the presenter application form', async () => {
    renderPage(NOTIFY);
    expect(screen.getByRole('link', { name: /^Apply to Present/ })).toHaveAttribute(
      'href',
      NOTIFY.links.presenterApplication,
    );
    await settleGreeting();
  });
});

describe('registration flag not set (open)', () => {
  it('shows the application deadline at 5PM PST and the event date, and Register goes to the partner site', () => {
    renderPage(OPEN);
    expect(screen.getByText('Monday, July 7, 2025 at 5PM PST')).toBeInTheDocument();
    expect(screen.getByText('Wednesday, July 16, 2025 at 12PM PST')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Register/ })).toHaveAttribute('href', OPEN.links.venturePartner);
    expect(screen.queryByText('Accepting applications!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify Me!' })).not.toBeInTheDocument();
  });

  it('opens no pop-up on load', async () => {
    renderPage(OPEN);
    await screen.findByRole('link', { name: /^Register/ });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says applications closed once the deadline has passed', async () => {
    renderPage(OPEN, at('2025-07-10T09:00:00-07:00'));
    expect(await screen.findByText(/Applications closed/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Apply to Present/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Register/ })).toBeInTheDocument();
  });

  it('points to the recordings once the showcase has taken place (the pre-event flag is false)', async () => {
    renderPage(OPEN, at('2025-07-20T09:00:00-07:00'));
    expect(await screen.findByRole('link', { name: 'Watch the recordings' })).toHaveAttribute(
      'href',
      '/showcase/presentations',
    );
    expect(screen.queryByRole('link', { name: /^Register/ })).not.toBeInTheDocument();
  });
});
