import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerenderedHtml } from '../../test-support/prerendered-html';
import { pageElement, SCORECARD_ROUTES } from './scorecard-routes';

// Pages are prerendered and then hydrated: the first client render must match the server's.
describe('every scorecard page hydrates its server HTML without a mismatch', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    jest.restoreAllMocks();
  });

  it.each(SCORECARD_ROUTES)('$path', async (route) => {
    const { path } = route;
    window.history.replaceState(null, '', path);
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = await prerenderedHtml(pageElement(route));
    const errors = jest.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, pageElement(route), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});
