/**
 * Makes window.innerWidth and window.matchMedia (max-width queries) answer as a window of
 * `width()` would. A query's change listeners go into `listeners`, for a test that resizes.
 */
export function fakeWindowWidth(width: () => number, listeners?: Set<() => void>): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, get: width });
  window.matchMedia = jest.fn((query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.NaN);
    return {
      matches: Number.isFinite(max) ? width() <= max : false,
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: () => void) => listeners?.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners?.delete(listener),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  });
}

/** A window of this width, for a test that does not resize it. */
export const setWindowWidth = (width: number) => fakeWindowWidth(() => width);
