/**
 * @jest-environment node
 */
// Each page of the area renders outside a browser, as the build-time prerender does.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { routesOf } from '@wpc/shared/routes';
import AboutPage from '../src/pages/AboutPage';
import ContactUsPage from '../src/pages/ContactUsPage';
import HomePage from '../src/pages/HomePage';
import SponsorsPage from '../src/pages/SponsorsPage';
import { at } from './seed';

const PAGES: Readonly<Record<string, readonly [ComponentType, RegExp]>> = {
  '/': [HomePage, /catastrophic fires/i],
  '/about': [AboutPage, /^About Us$/],
  '/sponsors': [SponsorsPage, /sponsor/i],
  '/contact-us': [ContactUsPage, /^Contact Us$/],
};

function headingsOf(html: string): string[] {
  return Array.from(html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g), (match) => match[1]!.replace(/<[^>]+>/g, '').trim());
}

describe('the home area on the server', () => {
  it('runs without a window, and covers every route the table gives the area', () => {
    expect(typeof window).toBe('undefined');
    expect(Object.keys(PAGES).sort()).toEqual(
      routesOf('home')
        .map((route) => route.path)
        .sort(),
    );
  });

  it.each(Object.entries(PAGES))('renders %s with its one heading', (path, [Page, heading]) => {
    const html = renderToString(at(path, <Page />));
    const headings = headingsOf(html);
    expect(headings).toHaveLength(1);
    expect(headings[0]).toMatch(heading);
  });
});
