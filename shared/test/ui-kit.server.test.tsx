/**
 * @jest-environment node
 */
// The kit renders outside a browser: no window, document or storage during render.
import { renderToString } from 'react-dom/server';
import { Accordion, BackToTop, Card, PageMenu, ZipToolLinks, type CardPopupForm } from '@wpc/shared/ui';

const Popup: CardPopupForm = ({ open }) => (open ? <div role="dialog">Form</div> : null);

describe('the UI kit on the server', () => {
  it('has no window here', () => {
    expect(typeof window).toBe('undefined');
  });

  it('renders a card with every block type, its image, pop-up and inline form', () => {
    const html = renderToString(
      <Card
        id="overview"
        title="Scorecard Overview"
        titleColor="green"
        variant="scorecard"
        image={{ src: '/cover.svg', alt: 'Scorecard cover', width: 300, height: 400 }}
        caption="Version 02-20-24"
        popupForm={Popup}
        inlineForm={() => <form aria-label="Subscribe" />}
        blocks={[
          { type: 'paragraph', content: 'Opening.' },
          { type: 'header-H4', content: 'Four' },
          { type: 'header-H5', content: 'Five' },
          { type: 'list', items: ['One'] },
          { type: 'accordion', items: [{ question: 'Why?', answer: 'Because.' }] },
          { type: 'button', label: 'Download Scorecard' },
          {
            type: 'icons',
            items: [{ title: 'Linux', ariaLabel: 'Linux tool', icon: 'linux', href: 'https://example.org' }],
          },
          { type: 'bottom-paragraph', content: 'Small print.' },
          { type: 'link', lead: 'Problems downloading?', label: 'Contact Us', href: '/contact-us' },
        ]}
      />,
    );
    expect(html).toContain('<h3');
    expect(html).toContain('Scorecard Overview');
    expect(html).toContain('width="300" height="400"');
    expect(html).toContain('href="/contact-us"');
    expect(html).toContain('aria-label="Subscribe"');
    expect(html).not.toContain('role="dialog"');
  });

  it('renders the page menu, accordion, back-to-top and zip-tool links', () => {
    const html = renderToString(
      <>
        <PageMenu entries={[{ id: 'showcase', label: 'Showcase' }]} />
        <Accordion items={[{ question: 'What is it?', answer: 'A scorecard.' }]} />
        <BackToTop />
        <ZipToolLinks />
      </>,
    );
    expect(html).toContain('PAGE MENU');
    expect(html).toContain('data-layout="auto"');
    expect(html).toContain('href="#showcase"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('Back to top');
    expect(html).toContain('Zip extraction tool for Windows');
  });
});
