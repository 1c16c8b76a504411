import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import PresentationsPage from '../src/pages/PresentationsPage';
import InnovationsPage from '../src/pages/InnovationsPage';
import { prerenderedHtml } from '../../test-support/prerendered-html';
import { SHOWCASE } from './seed';

// The server cannot see the visitor's session, so it renders the latest showcase; hydration must
// then match that HTML exactly, and switch to the stored choice after mount.
describe('hydrating the prerendered pages', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    sessionStorage.clear();
    errors = jest.spyOn(console, 'error');
  });
  afterEach(() => errors.mockRestore());

  async function hydrate(page: React.ReactElement) {
    const container = document.createElement('div');
    container.innerHTML = await prerenderedHtml(page);
    document.body.appendChild(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: (error) => recoverable.push(error) });
    });
    return { container, recoverable };
  }

  it('hydrates /showcase/presentations without a mismatch, then shows the stored showcase', async () => {
    sessionStorage.setItem('showcase-date', '04232025');
    const { container, recoverable } = await hydrate(SHOWCASE.wrap('/showcase/presentations', <PresentationsPage />));
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    const selected = container.querySelector('[role="tab"][aria-selected="true"]');
    expect(selected).toHaveTextContent('Apr 23, 2025');
    expect(container.querySelector('[role="tabpanel"]:not([hidden]) h3')).toHaveTextContent(
      'Spring 2025 Wildfire Innovation Showcase',
    );
  });

  it('hydrates /showcase/innovations without a mismatch, then opens the notify pop-up', async () => {
    const { recoverable } = await hydrate(SHOWCASE.wrap('/showcase/innovations', <InnovationsPage />));
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(document.querySelector('[role="dialog"]')).toHaveAccessibleName('Notify Me About the Next Showcase');
  });
});
