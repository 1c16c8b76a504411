import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Accordion, BackToTop, Card, ClipPlayer, PageMenu, ZipToolLinks, type CardPopupForm } from '@wpc/shared/ui';
import { fakeWindowWidth } from '../../test-support/window-width';

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('Accordion', () => {
  it('opens and closes each item on its own', async () => {
    const user = userEvent.setup();
    render(
      <Accordion
        items={[
          { question: 'What is the scorecard?', answer: 'A self-assessment.' },
          { question: 'Who is it for?', answer: 'Communities.' },
        ]}
      />,
    );
    const first = screen.getByRole('button', { name: 'What is the scorecard?' });
    const second = screen.getByRole('button', { name: 'Who is it for?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('A self-assessment.')).not.toBeVisible();
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('A self-assessment.')).toBeVisible();
    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Communities.')).toBeVisible();
  });
});

describe('Accordion heading level', () => {
  it('puts each question in a heading of the level the page needs, h4 by default', () => {
    const items = [{ question: 'Profitability', answer: 'Lower losses.' }];
    const { unmount } = render(<Accordion items={items} />);
    expect(screen.getByRole('heading', { level: 4, name: 'Profitability' })).toBeInTheDocument();
    unmount();
    render(<Accordion items={items} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Profitability' })).toContainElement(
      screen.getByRole('button', { name: 'Profitability' }),
    );
  });
});

describe('Card', () => {
  const Popup: CardPopupForm = ({ open, onClose, scorecardForm }) =>
    open ? (
      <div role="dialog" aria-label="Card form">
        <span>{scorecardForm ? 'from scorecard' : 'from site'}</span>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </div>
    ) : null;

  it('renders every block type and opens its pop-up form from its button', async () => {
    const user = userEvent.setup();
    render(
      <Card
        id="overview"
        title="Scorecard Overview"
        titleColor="rgb(194, 65, 12)"
        image={{ src: '/scorecard.png', alt: 'Scorecard cover' }}
        caption="The 2024 edition"
        popupForm={Popup}
        scorecardForm
        blocks={[
          { type: 'paragraph', content: 'Opening paragraph.' },
          { type: 'header-H4', content: 'Fourth level' },
          { type: 'header-H5', content: 'Fifth level' },
          { type: 'list', items: ['One', 'Two'] },
          { type: 'accordion', items: [{ question: 'Why?', answer: 'Because.' }] },
          { type: 'button', label: 'Download Scorecard' },
          {
            type: 'icons',
            items: [{ title: 'Linux', ariaLabel: 'Linux tool', icon: 'linux', href: 'https://example.org' }],
          },
          { type: 'bottom-paragraph', content: 'Small print.' },
        ]}
      />,
    );
    const card = screen.getByRole('region', { name: 'Scorecard Overview' });
    expect(card).toHaveAttribute('id', 'overview');
    expect(screen.getByRole('heading', { level: 3, name: 'Scorecard Overview' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Fourth level' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 5, name: 'Fifth level' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining(['One', 'Two']),
    );
    expect(screen.getByRole('button', { name: 'Why?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Linux tool' })).toHaveAttribute('href', 'https://example.org');
    expect(screen.getByRole('img', { name: 'Scorecard cover' })).toBeInTheDocument();
    expect(screen.getByText('Small print.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download Scorecard' }));
    expect(screen.getByRole('dialog', { name: 'Card form' })).toHaveTextContent('from scorecard');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is highlighted while its page-menu entry is hovered', async () => {
    const user = userEvent.setup();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    function Page() {
      const [highlighted, setHighlighted] = useState<string | null>(null);
      return (
        <>
          <PageMenu
            entries={[
              { id: 'sponsor', label: 'Sponsor' },
              { id: 'pilot', label: 'Pilot' },
            ]}
            onHighlight={setHighlighted}
          />
          <Card
            id="sponsor"
            title="Sponsor Opportunities"
            titleColor="red"
            blocks={[]}
            highlighted={highlighted === 'sponsor'}
          />
          <Card
            id="pilot"
            title="Preparation Matters"
            titleColor="green"
            blocks={[]}
            highlighted={highlighted === 'pilot'}
          />
        </>
      );
    }
    render(<Page />);
    const sponsor = screen.getByRole('region', { name: 'Sponsor Opportunities' });
    const pilot = screen.getByRole('region', { name: 'Preparation Matters' });
    expect(sponsor).not.toHaveAttribute('data-highlighted');
    await user.hover(screen.getByRole('link', { name: 'Sponsor' }));
    expect(sponsor).toHaveAttribute('data-highlighted', 'true');
    expect(pilot).not.toHaveAttribute('data-highlighted');
    await user.unhover(screen.getByRole('link', { name: 'Sponsor' }));
    expect(sponsor).not.toHaveAttribute('data-highlighted');
    expect(sponsor.style.getPropertyValue('--wpc-card-accent')).toBe('red');
  });
});

describe('Card links, images and inline forms', () => {
  it('renders link blocks as site links or new-tab links, sizes its image and lazy-loads it', async () => {
    const user = userEvent.setup();
    const pushState = jest.spyOn(window.history, 'pushState');
    render(
      <Card
        id="assess"
        title="Assess Wildfire Risk and Readiness"
        titleColor="blue"
        image={{ src: '/assess.svg', alt: 'A checklist', width: 480, height: 320 }}
        blocks={[
          {
            type: 'link',
            lead: 'Prefer to answer online?',
            label: 'Start the online self-assessment',
            href: '/scorecard/assess',
          },
          { type: 'link', label: 'Register', href: 'https://events.example.org/showcase', appearance: 'button' },
        ]}
      />,
    );
    const image = screen.getByRole('img', { name: 'A checklist' });
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '320');
    expect(image).toHaveAttribute('loading', 'lazy');
    const siteLink = screen.getByRole('link', { name: 'Start the online self-assessment' });
    expect(siteLink).toHaveAttribute('href', '/scorecard/assess');
    expect(siteLink).not.toHaveAttribute('target');
    expect(siteLink.closest('p')).toHaveTextContent('Prefer to answer online? Start the online self-assessment');
    await user.click(siteLink);
    expect(pushState).toHaveBeenCalledWith(null, '', '/scorecard/assess');
    const external = screen.getByRole('link', { name: 'Register (opens in a new tab)' });
    expect(external).toHaveAttribute('href', 'https://events.example.org/showcase');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', expect.stringContaining('noopener'));
    pushState.mockRestore();
  });

  it('renders an inline form after its blocks, without the form’s own introduction', () => {
    const seen: unknown[] = [];
    const Inline = (props: { scorecardForm?: boolean; hideIntro?: boolean }) => {
      seen.push(props);
      return <form aria-label="Subscribe for Updates" />;
    };
    render(
      <Card
        id="subscribe"
        title="Subscribe for Updates"
        titleColor="green"
        blocks={[{ type: 'paragraph', content: 'News.' }]}
        inlineForm={Inline}
      />,
    );
    expect(screen.getByRole('form', { name: 'Subscribe for Updates' })).toBeInTheDocument();
    expect(seen.at(-1)).toEqual({ scorecardForm: undefined, hideIntro: true });
  });

  it('marks its variant so the scorecard image style can apply', () => {
    render(<Card id="scorecard" title="Scorecard Overview" titleColor="green" blocks={[]} variant="scorecard" />);
    expect(screen.getByRole('region', { name: 'Scorecard Overview' })).toHaveAttribute('data-variant', 'scorecard');
  });
});

describe('PageMenu', () => {
  const entries = [
    { id: 'showcase', label: 'Showcase' },
    { id: 'scorecard', label: 'Scorecard' },
  ];
  let width = 1280;
  const listeners = new Set<() => void>();

  beforeEach(() => {
    listeners.clear();
    fakeWindowWidth(() => width, listeners);
  });

  function resize(next: number) {
    width = next;
    act(() => {
      listeners.forEach((listener) => listener());
      window.dispatchEvent(new Event('resize'));
    });
  }

  it('is always open above 1024px with no toggle', () => {
    width = 1025;
    render(<PageMenu entries={entries} />);
    expect(screen.getByRole('heading', { name: 'PAGE MENU' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /PAGE MENU/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Showcase' })).toBeVisible();
  });

  it('is collapsed at 1024px until its toggle is pressed, and a click outside collapses it', async () => {
    width = 1024;
    const user = userEvent.setup();
    render(
      <>
        <p>Elsewhere on the page</p>
        <PageMenu entries={entries} />
      </>,
    );
    const toggle = screen.getByRole('button', { name: /PAGE MENU/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Showcase' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Showcase' })).toBeVisible();
    await user.click(screen.getByText('Elsewhere on the page'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Showcase' })).not.toBeInTheDocument();
    await user.click(toggle);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Showcase' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('follows the window across the breakpoint', () => {
    width = 1400;
    render(<PageMenu entries={entries} />);
    expect(screen.getByRole('link', { name: 'Scorecard' })).toBeVisible();
    resize(800);
    expect(screen.getByRole('button', { name: /PAGE MENU/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Scorecard' })).not.toBeInTheDocument();
    resize(1100);
    expect(screen.getByRole('link', { name: 'Scorecard' })).toBeVisible();
  });

  it('scrolls smoothly so the card lands 16px below every sticky header measured at click time', async () => {
    width = 1280;
    const user = userEvent.setup();
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 300 });
    render(
      <>
        <header data-sticky-header="">Site header</header>
        <div data-sticky-header="">Scorecard sub-header</div>
        <PageMenu entries={entries} />
        <section id="scorecard">Scorecard card</section>
      </>,
    );
    const heights = [64, 0];
    const [shellHeader, subHeader] = Array.from(document.querySelectorAll<HTMLElement>('[data-sticky-header]'));
    shellHeader!.getBoundingClientRect = () => ({ height: heights[0] }) as DOMRect;
    subHeader!.getBoundingClientRect = () => ({ height: heights[1] }) as DOMRect;
    document.getElementById('scorecard')!.getBoundingClientRect = () => ({ top: 900 }) as DOMRect;
    heights[1] = 56; // the sub-header grew after render: the click must measure it afresh
    await user.click(screen.getByRole('link', { name: 'Scorecard' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 900 + 300 - 64 - 56 - 16, behavior: 'smooth' });
    expect(document.getElementById('scorecard')).toHaveFocus();
  });

  it('collapses after an entry is followed on small screens', async () => {
    width = 600;
    const user = userEvent.setup();
    window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
    render(
      <>
        <PageMenu entries={entries} />
        <section id="showcase">Showcase card</section>
      </>,
    );
    await user.click(screen.getByRole('button', { name: /PAGE MENU/ }));
    // The open list pushes the card down by its own height; the card's place counts once it folds.
    const list = screen.getByRole('list');
    document.getElementById('showcase')!.getBoundingClientRect = () => ({ top: list.hidden ? 500 : 900 }) as DOMRect;
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    await user.click(screen.getByRole('link', { name: 'Showcase' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 500 - 16, behavior: 'smooth' });
    expect(screen.getByRole('button', { name: /PAGE MENU/ })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('PageMenu keyboard highlight and current entry', () => {
  beforeEach(() => {
    window.matchMedia = jest.fn((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
  });

  it('highlights a card while its entry has keyboard focus, and marks the current entry', async () => {
    const user = userEvent.setup();
    const highlights: (string | null)[] = [];
    render(
      <PageMenu
        entries={[
          { id: 'sponsor', label: 'Sponsor' },
          { id: 'pilot', label: 'Pilot' },
        ]}
        onHighlight={(id) => highlights.push(id)}
        currentId="pilot"
      />,
    );
    await user.tab();
    expect(screen.getByRole('link', { name: 'Sponsor' })).toHaveFocus();
    expect(highlights.at(-1)).toBe('sponsor');
    await user.tab();
    expect(highlights.slice(-2)).toEqual([null, 'pilot']);
    expect(screen.getByRole('link', { name: 'Pilot' })).toHaveAttribute('aria-current', 'location');
    expect(screen.getByRole('link', { name: 'Sponsor' })).not.toHaveAttribute('aria-current');
  });
});

describe('PageMenu on the server', () => {
  const entries = [{ id: 'showcase', label: 'Showcase' }];
  let width = 800;

  beforeEach(() => {
    window.matchMedia = jest.fn((query: string) => ({
      matches: width <= Number(/max-width:\s*(\d+)px/.exec(query)?.[1]),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
  });

  it('renders markup whose look CSS decides, then hydrates without a mismatch and settles on the window width', () => {
    const html = renderToString(<PageMenu entries={entries} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const nav = container.querySelector('nav')!;
    // Both the wide title and the narrow toggle are there, and the list is not hidden by markup.
    expect(nav).toHaveAttribute('data-layout', 'auto');
    expect(container.querySelector('h2')).toHaveTextContent('PAGE MENU');
    expect(container.querySelector('button')).toHaveAttribute('aria-expanded', 'false');
    expect(container.querySelector('ul')).not.toHaveAttribute('hidden');

    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    width = 800;
    act(() => {
      hydrateRoot(container, <PageMenu entries={entries} />, { onRecoverableError: (error) => console.error(error) });
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(nav).toHaveAttribute('data-layout', 'narrow');
    expect(container.querySelector('h2')).toBeNull();
    expect(container.querySelector('ul')).toHaveAttribute('hidden');
    container.remove();
  });
});

describe('BackToTop focus', () => {
  it('sends keyboard focus to the main landmark after jumping to the top', async () => {
    const user = userEvent.setup();
    window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 500 });
    render(
      <>
        <main id="main" tabIndex={-1}>
          Content
        </main>
        <BackToTop />
      </>,
    );
    await user.click(screen.getByRole('button', { name: /Back to top/ }));
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('BackToTop', () => {
  it('appears only once the page is scrolled more than 100px and scrolls to the top', async () => {
    const user = userEvent.setup();
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    setScrollY(0);
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: /Back to top/ })).not.toBeInTheDocument();
    setScrollY(100);
    expect(screen.queryByRole('button', { name: /Back to top/ })).not.toBeInTheDocument();
    setScrollY(101);
    await user.click(screen.getByRole('button', { name: /Back to top/ }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    setScrollY(20);
    expect(screen.queryByRole('button', { name: /Back to top/ })).not.toBeInTheDocument();
  });
});

describe('ZipToolLinks', () => {
  it('links to a tool for each of Windows, Mac and Linux, named by aria-label', () => {
    render(<ZipToolLinks />);
    for (const platform of ['Windows', 'Mac', 'Linux']) {
      const link = screen.getByRole('link', { name: new RegExp(`for ${platform}`) });
      expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
      expect(link).toHaveAttribute('target', '_blank');
    }
  });
});

describe('ClipPlayer', () => {
  it('shows a preview until played, then swaps in the captioned, unmuted embed at the clip bounds', async () => {
    const user = userEvent.setup();
    render(
      <ClipPlayer
        videoId="abc123"
        title="FireSight pitch"
        previewSrc="/preview.jpg"
        previewAlt=""
        start={75}
        end={190}
      />,
    );
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Play/ }));
    expect(screen.queryByRole('button', { name: /Play/ })).not.toBeInTheDocument();
    const frame = screen.getByTitle('FireSight pitch');
    const url = new URL(frame.getAttribute('src')!);
    expect(url.origin).toBe('https://www.youtube-nocookie.com');
    expect(url.pathname).toBe('/embed/abc123');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      autoplay: '1',
      mute: '0',
      cc_load_policy: '1',
      cc_lang_pref: 'en',
      hl: 'en',
      start: '75',
      end: '190',
    });
    expect(frame).toHaveAttribute('allow', expect.stringContaining('autoplay'));
  });

  it('fires no embed events: the preview is a plain button until clicked', () => {
    render(<ClipPlayer videoId="xyz" title="Clip" previewSrc="/p.jpg" />);
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Play Clip' }));
    expect(document.querySelector('iframe')).toBeNull();
  });
});
