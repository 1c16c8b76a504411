/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { organisations } from '../src/content/organisations';
import MapPage from '../src/pages/MapPage';
import { MODEL } from '../src/content/model';
import { PAGE_DATA } from '../src/content/page-data';
import { PAGE_META } from '../src/content/page-meta';
import { seededArea } from '../../test-support/page-data';

// Leaflet touches window as it loads: importing it here would fail the test.
jest.mock('leaflet', () => {
  throw new Error('Leaflet was loaded during a server render');
});

describe('MapPage on the server', () => {
  it('renders the heading, the map placeholder and every organisation without a browser or Leaflet', () => {
    expect(typeof window).toBe('undefined');
    const map = seededArea({ model: MODEL, pageData: PAGE_DATA, pageMeta: PAGE_META });
    const html = renderToString(map.wrap('/map', <MapPage />));
    expect(html).toContain('<h1');
    expect(html).toContain('Showcase Organisations Map');
    expect(html).toContain('aria-label="World map of showcase organisations"');
    expect(html).toContain('Preparing the world map, which needs JavaScript. Every organisation is also listed below.');
    for (const { orgName } of organisations) {
      expect(html).toContain(orgName.replace('&', '&amp;'));
    }
  });
});
