/**
 * @jest-environment node
 */
// Each route renders outside a browser (no window, document, storage or clock read during
// render), as the build's prerender does.
import { renderToString } from 'react-dom/server';
import InnovationsPage from '../src/pages/InnovationsPage';
import PresentationsPage from '../src/pages/PresentationsPage';
import { ShowcaseSettingsProvider } from '../src/settings/ShowcaseSettingsContext';
import { SHOWCASE_SETTINGS, type ShowcaseSettings } from '../src/settings/showcase-settings';
import { SHOWCASE } from './seed';

const variants: readonly (readonly [string, ShowcaseSettings])[] = [
  ['notify', { ...SHOWCASE_SETTINGS, registration: 'notify' }],
  ['open', { ...SHOWCASE_SETTINGS, registration: 'open' }],
];

const clockNeverRead = () => {
  throw new Error('the clock was read during render');
};

const serverRender = (path: string, page: React.ReactElement, settings: ShowcaseSettings) =>
  renderToString(
    SHOWCASE.wrap(
      path,
      <ShowcaseSettingsProvider settings={settings} clock={clockNeverRead}>
        {page}
      </ShowcaseSettingsProvider>,
    ),
  );

it('runs without a browser', () => {
  expect(typeof window).toBe('undefined');
});

describe.each(variants)('with registration %s', (mode, settings) => {
  it('renders /showcase/innovations with its heading and sections', () => {
    const html = serverRender('/showcase/innovations', <InnovationsPage />, settings);
    expect(html).toMatch(/<h1[^>]*>Wildfire Innovation Showcase<\/h1>/);
    expect(html).toContain('Featuring 7 to 10 trailblazing ventures');
    // The notify pop-up opens after mount; the prerendered page has none.
    expect(html).not.toContain('role="dialog"');
    if (mode === 'notify') {
      expect(html).toContain('Accepting applications!');
      expect(html).toContain('Notify Me!');
    } else {
      expect(html).toContain('Monday, July 7, 2025 at 5PM PST');
      expect(html).toContain('Wednesday, July 16, 2025 at 12PM PST');
    }
  });

  it('renders /showcase/presentations with the latest showcase and no video element', () => {
    const html = serverRender('/showcase/presentations', <PresentationsPage />, settings);
    expect(html).toMatch(/<h1[^>]*>WILDFIRE INNOVATION SHOWCASE<\/h1>/);
    expect(html).toContain('Previous Innovation Showcases');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Jul 16, 2025</);
    expect(html).toContain('Summer 2025 Wildfire Innovation Showcase');
    // The poster is the first paint; the video element only exists after mount.
    expect(html).toContain('presentations-poster.svg');
    expect(html).not.toContain('<video');
    expect(html).toContain(mode === 'notify' ? '>Notify Me<' : '>Register<');
  });
});
