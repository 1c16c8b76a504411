/**
 * Stands in for single-spa in the console's tests (`jest.mock('single-spa', () =>
 * jest.requireActual('./helpers/single-spa'))`), doing what single-spa does on a navigation: the
 * address changes and a popstate event tells every router.
 */
export const navigateToUrl = jest.fn((url: string) => {
  window.history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
});
