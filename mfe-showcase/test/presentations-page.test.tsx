import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { EventArchive } from '../src/archive/EventArchive';
import PresentationsPage from '../src/pages/PresentationsPage';
import { ShowcaseSettingsProvider } from '../src/settings/ShowcaseSettingsContext';
import { SHOWCASE_SETTINGS, type ShowcaseSettings } from '../src/settings/showcase-settings';
import { consortium, innovator } from './fixtures';
import { archiveEvents, at } from './seed';
import { headingTexts } from '../../test-support/headings';

const KEY = 'showcase-date';
// Spec §3's four showcases, as their tabs read.
const TABS = ['Nov 17, 2024', 'Feb 5, 2025', 'Apr 23, 2025', 'Jul 16, 2025'];

function renderPage(settings: ShowcaseSettings = SHOWCASE_SETTINGS) {
  return render(
    at(
      '/showcase/presentations',
      <ShowcaseSettingsProvider settings={settings}>
        <PresentationsPage />
      </ShowcaseSettingsProvider>,
    ),
  );
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

beforeEach(() => sessionStorage.clear());

describe('the hero', () => {
  it('carries the spec’s heading, tagline and lines', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'WILDFIRE INNOVATION SHOWCASE' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Hosted by the Wildfire Prevention Consortium and the .+, a venture networking community\.$/),
    ).toBeInTheDocument();
    expect(screen.getByText('Free to attend. Free to present.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Apply to Present/ })).toHaveAttribute(
      'href',
      SHOWCASE_SETTINGS.links.presenterApplication,
    );
    for (const title of ['The showcase', 'The consortium', 'The venture community']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
  });

  it('offers Notify Me, opening the pop-up, while the registration flag is set', async () => {
    renderPage({ ...SHOWCASE_SETTINGS, registration: 'notify' });
    expect(screen.queryByRole('link', { name: /^Register/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByRole('dialog', { name: 'Notify Me About the Next Showcase' })).toBeInTheDocument();
  });

  it('links Register to the event community site when it is not', () => {
    renderPage({ ...SHOWCASE_SETTINGS, registration: 'open' });
    expect(screen.getByRole('link', { name: /^Register/ })).toHaveAttribute(
      'href',
      SHOWCASE_SETTINGS.links.eventCommunity,
    );
    expect(screen.queryByRole('button', { name: 'Notify Me' })).not.toBeInTheDocument();
  });
});

describe('the archive tabs', () => {
  it('has one tab per past showcase, the latest selected when nothing is stored', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Previous Innovation Showcases' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(TABS);
    expect(selectedTab()).toHaveTextContent('Jul 16, 2025');
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toEqual([selectedTab()]);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', selectedTab()!.id);
    expect(selectedTab()).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByText('July 16, 2025')).toBeInTheDocument();
  });

  it('opens on the stored showcase', () => {
    sessionStorage.setItem(KEY, '02052025');
    renderPage();
    expect(selectedTab()).toHaveTextContent('Feb 5, 2025');
    expect(within(screen.getByRole('tabpanel')).getByText('February 5, 2025')).toBeInTheDocument();
  });

  it('ignores a stored date that names no showcase', () => {
    sessionStorage.setItem(KEY, '12312023');
    renderPage();
    expect(selectedTab()).toHaveTextContent('Jul 16, 2025');
  });

  it('selects and stores a showcase on click', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Nov 17, 2024' }));
    expect(selectedTab()).toHaveTextContent('Nov 17, 2024');
    expect(sessionStorage.getItem(KEY)).toBe('11172024');
    expect(within(screen.getByRole('tabpanel')).getByText('November 17, 2024')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping at the ends', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Jul 16, 2025' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Nov 17, 2024' })).toHaveFocus();
    expect(selectedTab()).toHaveTextContent('Nov 17, 2024');
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toHaveTextContent('Jul 16, 2025');
    await user.keyboard('{Home}');
    expect(selectedTab()).toHaveTextContent('Nov 17, 2024');
    await user.keyboard('{End}');
    expect(selectedTab()).toHaveTextContent('Jul 16, 2025');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Apr 23, 2025' })).toHaveFocus();
    expect(sessionStorage.getItem(KEY)).toBe('04232025');
  });

  it('shows the selected showcase’s name and full recording', () => {
    renderPage();
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel).getByRole('heading', { level: 3, name: 'Summer 2025 Wildfire Innovation Showcase' }),
    ).toBeInTheDocument();
    expect(
      within(panel).getByRole('button', { name: 'Play Summer 2025 Wildfire Innovation Showcase: full recording' }),
    ).toBeInTheDocument();
  });
});

describe('the presentations of a showcase', () => {
  const renderArchive = (...entries: Parameters<typeof innovator>[0][]) =>
    render(<EventArchive events={archiveEvents([consortium()], entries.map(innovator))} />);

  it('lists only innovators whose display flag is not false; a missing flag shows the entry', () => {
    renderArchive(
      { orgName: 'Shown Co', display: true },
      { orgName: 'Unflagged Co' },
      { orgName: 'Hidden Co', display: false },
      { orgName: 'Other Date Co', showcaseDate: '04232025' },
    );
    const list = screen.getByRole('list', { name: 'Innovators' });
    expect(headingTexts(list, 4)).toEqual(['Shown Co', 'Unflagged Co']);
  });

  it('renders every card at once on the first render, as the server does', () => {
    const names = ['Alpha Co', 'Bravo Co', 'Charlie Co', 'Delta Co', 'Echo Co'];
    renderArchive(...names.map((orgName) => ({ orgName })));
    const list = screen.getByRole('list', { name: 'Innovators' });
    expect(headingTexts(list, 4)).toEqual(names);
    expect(screen.getByRole('tabpanel')).not.toHaveAttribute('aria-busy');
  });

  it('in the server’s HTML holds every showcase’s panel: the shown one whole, each other hidden with its first screen', () => {
    const names = ['Alpha Co', 'Bravo Co', 'Charlie Co'];
    const events = archiveEvents(
      [consortium()],
      names.map((orgName) => innovator({ orgName, showcaseDate: '04232025' })),
    );
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<EventArchive events={events} />);
    const tabs = within(container).getAllByRole('tab');
    const panels = tabs.map((tab) => document.getElementById(tab.getAttribute('aria-controls') ?? '')!);
    expect(panels.map((panel) => panel.getAttribute('aria-labelledby'))).toEqual(tabs.map((tab) => tab.id));
    expect(panels.map((panel) => panel.hidden)).toEqual([true, true, true, false]);
    // What a tap before the scripts shows as it is: the showcase and its first two cards.
    const april = panels[2]!;
    expect(within(april).getByText('April 23, 2025')).toBeInTheDocument();
    const list = within(april).getByRole('list', { name: 'Innovators', hidden: true });
    expect(
      within(list)
        .getAllByRole('heading', { level: 4, hidden: true })
        .map((heading) => heading.textContent),
    ).toEqual(['Alpha Co', 'Bravo Co']);
    container.remove();
  });

  it('once running, leaves a hidden panel empty: a clip playing in the panel left behind stops', async () => {
    renderArchive({ orgName: 'Clip Co', presenterName: 'Cleo Clip', youtube: { id: 'clipvideo01', start: 1, end: 9 } });
    const hiddenPanels = () => screen.getAllByRole('tabpanel', { hidden: true }).filter((panel) => panel.hidden);
    expect(hiddenPanels().map((panel) => panel.childElementCount)).toEqual([0, 0, 0]);
    await userEvent.click(screen.getByRole('button', { name: 'Play Clip Co presentation by Cleo Clip' }));
    expect(screen.getByTitle('Clip Co presentation by Cleo Clip')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Apr 23, 2025' }));
    expect(hiddenPanels().map((panel) => panel.childElementCount)).toEqual([0, 0, 0]);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('on a switch renders the first screen’s cards with the panel, and the rest after that frame', async () => {
    jest.useFakeTimers();
    try {
      const names = ['Alpha Co', 'Bravo Co', 'Charlie Co', 'Delta Co', 'Echo Co'];
      renderArchive(...names.map((orgName) => ({ orgName, showcaseDate: '04232025' as const })));
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      await user.click(screen.getByRole('tab', { name: 'Apr 23, 2025' }));
      const headings = () => headingTexts(screen.getByRole('list', { name: 'Innovators' }), 4);
      expect(screen.getByRole('tabpanel')).toHaveAttribute(
        'aria-labelledby',
        screen.getByRole('tab', { name: 'Apr 23, 2025' }).id,
      );
      expect(headings()).toEqual(['Alpha Co', 'Bravo Co']);
      // Still filling: assistive technology is told so until the rest arrives.
      expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'true');
      act(() => jest.runAllTimers());
      expect(headings()).toEqual(names);
      expect(screen.getByRole('tabpanel')).not.toHaveAttribute('aria-busy');
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers slides only when an entry has them', () => {
    renderArchive({ orgName: 'With Slides', slides: 'slides/with.pdf' }, { orgName: 'Without Slides', slides: '' });
    const withSlides = screen.getByRole('article', { name: 'With Slides' });
    expect(within(withSlides).getByRole('link', { name: /^View Presentation Slides/ })).toHaveAttribute(
      'href',
      '/mfe/showcase/slides/with.pdf',
    );
    expect(
      within(screen.getByRole('article', { name: 'Without Slides' })).queryByRole('link', {
        name: /^View Presentation Slides/,
      }),
    ).not.toBeInTheDocument();
  });

  it('plays a clip at its bounds, captioned and with sound, and shows no player for an entry without a clip', async () => {
    renderArchive(
      { orgName: 'Clip Co', presenterName: 'Cleo Clip', youtube: { id: 'clipvideo01', start: 750, end: 1265 } },
      { orgName: 'Quiet Co', youtube: null },
    );
    expect(
      within(screen.getByRole('article', { name: 'Quiet Co' })).queryByRole('button', { name: /^Play/ }),
    ).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play Clip Co presentation by Cleo Clip' }));
    const url = new URL(screen.getByTitle('Clip Co presentation by Cleo Clip').getAttribute('src')!);
    expect(url.pathname).toBe('/embed/clipvideo01');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      autoplay: '1',
      mute: '0',
      cc_load_policy: '1',
      cc_lang_pref: 'en',
      start: '750',
      end: '1265',
    });
  });

  it('shows the consortium card: two presenters with their links and logos, the clip, one description, the slides', () => {
    renderArchive();
    const card = screen.getByRole('article', { name: 'Wildfire Prevention Consortium' });
    for (const name of ['Ada One', 'Ben Two']) {
      expect(within(card).getByText(name)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: new RegExp(`^${name} on LinkedIn`) })).toBeInTheDocument();
    }
    expect(within(card).getByRole('link', { name: /^Wildfire Prevention Consortium on LinkedIn/ })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/wpc',
    );
    expect(within(card).getByRole('link', { name: /^Partner Community on LinkedIn/ })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/partner',
    );
    expect(within(card).getByRole('img', { name: 'Wildfire Prevention Consortium logo' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Partner Community logo' })).toBeInTheDocument();
    expect(within(card).getByText('Director, Wildfire Prevention Consortium')).toBeInTheDocument();
    expect(within(card).getByText('Denver, Colorado')).toBeInTheDocument();
    expect(within(card).getAllByText('One description for both organisations.')).toHaveLength(1);
    expect(
      within(card).getByRole('button', { name: 'Play Consortium update by Ada One and Ben Two' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /^View Presentation Slides/ })).toHaveAttribute(
      'href',
      '/mfe/showcase/slides/consortium.pdf',
    );
    // Ben has a photo, Ada an initials avatar.
    expect(card.querySelector('img[src="/mfe/showcase/media/photos/ben.jpg"]')).not.toBeNull();
    expect(within(card).getByText('AO')).toBeInTheDocument();
  });

  it('says so when a showcase has no innovators to show yet', () => {
    renderArchive({ orgName: 'Hidden Co', display: false });
    expect(within(screen.getByRole('tabpanel')).getByText(/will be published soon/)).toBeInTheDocument();
  });
});
