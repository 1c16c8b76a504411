import type { ComponentType } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import AboutPage from '../src/pages/AboutPage';
import ContactUsPage from '../src/pages/ContactUsPage';
import HomePage from '../src/pages/HomePage';
import SponsorsPage from '../src/pages/SponsorsPage';
import { prerenderedHtml } from '../../test-support/prerendered-html';
import { setWindowWidth } from '../../test-support/window-width';
import { at } from './seed';

jest.setTimeout(30_000);

const PAGES: readonly (readonly [string, ComponentType])[] = [
  ['/', HomePage],
  ['/about', AboutPage],
  ['/sponsors', SponsorsPage],
  ['/contact-us', ContactUsPage],
];

// The first-paint work prerenders each page and hydrates it in the browser: both must agree.
describe.each([375, 1280])('hydrating the prerendered pages at %ipx', (width) => {
  it.each(PAGES)('%s hydrates without a mismatch', async (path, Page) => {
    setWindowWidth(width);
    const container = document.createElement('div');
    container.innerHTML = await prerenderedHtml(at(path, <Page />));
    document.body.append(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let root: ReturnType<typeof hydrateRoot> | undefined;
    act(() => {
      root = hydrateRoot(container, at(path, <Page />), { onRecoverableError: (error) => console.error(error) });
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    act(() => root?.unmount());
    container.remove();
  });
});
