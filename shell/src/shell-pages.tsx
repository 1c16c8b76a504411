import { lazy, Suspense, type ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';
import { announcePageStarted, renderOrHydrate } from '@wpc/shared/area/hydration';
import { areaForPath, matchRoute } from '@wpc/shared/routes';
import { SectionLoading } from '@wpc/shared/status';
import NotFoundPage from './pages/NotFoundPage';
import { usePathname } from './location';

const UpdatesNotice = lazy(() => import('./pages/updates/UpdatesNoticePage'));

const SHELL_PAGES: Readonly<Record<string, ComponentType>> = {
  '/dev/check-your-window-size': lazy(() => import('./pages/WindowSizePage')),
  '/dev/forms': lazy(() => import('./pages/FormGallery')),
  '/dev/remotes': lazy(() => import('./pages/RemoteOverridesPage')),
  // Every /team/... path: the console loads only there, so public pages never pay for it.
  '/team': lazy(() => import('./team/TeamConsole')),
  // The pages emails link to (issue 27): the token comes from the query after hydration.
  '/updates/confirm': lazy(() => import('./pages/updates/ConfirmPage')),
  '/updates/preferences': lazy(() => import('./pages/updates/PreferencesPage')),
  '/updates/confirmed': UpdatesNotice,
  '/updates/saved': UpdatesNotice,
  '/updates/link-problem': UpdatesNotice,
  '/updates/web': lazy(() => import('./pages/updates/WebVersionPage')),
};

/** useId prefix of the React root in the element with this id, in the browser and the prerender. */
export const chromeIdPrefix = (elementId: string) => `${elementId}-`;
export const SHELL_OUTLET_ID = 'area-shell';

/** Paths the shell renders itself: its /dev pages and the 404 for every path no area owns. */
export function isShellPath(pathname: string): boolean {
  const area = areaForPath(pathname);
  return area === undefined || area === 'shell';
}

/** The route a path belongs to (a prefix route owns the paths below it), or '' for none. */
const routePathOf = (pathname: string) => matchRoute(pathname)?.path ?? '';

export function ShellPages() {
  const Page = SHELL_PAGES[routePathOf(usePathname())] ?? NotFoundPage;
  return (
    <Suspense fallback={<SectionLoading section="This page" />}>
      <Page />
    </Suspense>
  );
}

export function shellPagesApplication(): LifeCycles {
  let root: Root | undefined;
  return {
    bootstrap: async () => undefined,
    mount: async () => {
      const outlet = document.getElementById(SHELL_OUTLET_ID);
      if (!outlet) throw new Error('The page has no outlet for the shell pages');
      root = renderOrHydrate(outlet, <ShellPages />, {
        identifierPrefix: chromeIdPrefix(SHELL_OUTLET_ID),
        buildId: __webpack_hash__,
      });
      announcePageStarted();
    },
    unmount: async () => {
      root?.unmount();
      root = undefined;
    },
  };
}
