/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import FaqPage from '../src/pages/FaqPage';
import ScorecardLandingPage from '../src/pages/ScorecardLandingPage';
import { pageElement, SCORECARD_ROUTES } from './scorecard-routes';
import { at } from './seed';

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

describe('every scorecard page renders on a server, with no window or document', () => {
  it('runs without a browser', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it.each(SCORECARD_ROUTES)('$path', (route) => {
    const { heading } = route;
    const html = renderToString(pageElement(route));
    const headings = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => textOf(match[1]!));
    expect(headings).toHaveLength(1);
    expect(headings[0]).toEqual(typeof heading === 'string' ? heading : expect.stringMatching(heading));
  });

  it('renders the landing page’s sub-header in its initial style and the FAQ with every answer closed', () => {
    const landing = renderToString(at('/scorecard', <ScorecardLandingPage />));
    expect(landing).toMatch(/data-sticky-header="" data-state="initial"/);
    const faq = renderToString(at('/scorecard/faq', <FaqPage />));
    expect(faq.match(/aria-expanded="false"/g)).toHaveLength(12);
  });
});
