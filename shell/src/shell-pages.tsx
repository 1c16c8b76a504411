import { lazy, Suspense, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';
import { areaForPath, normalisePath } from '@wpc/shared/routes';
import { SectionLoading } from '@wpc/shared/status';
import NotFoundPage from './pages/NotFoundPage';
import { usePathname } from './location';

const SHELL_PAGES: Readonly<Record<string, ComponentType>> = {
  '/dev/check-your-window-size': lazy(() => import('./pages/WindowSizePage')),
  '/dev/forms': lazy(() => import('./pages/FormGallery')),
  '/dev/remotes': lazy(() => import('./pages/RemoteOverridesPage')),
};

/** Paths the shell renders itself: its /dev pages and the 404 for every path no area owns. */
export function isShellPath(pathname: string): boolean {
  const area = areaForPath(pathname);
  return area === undefined || area === 'shell';
}

function ShellPages() {
  const Page = SHELL_PAGES[normalisePath(usePathname())] ?? NotFoundPage;
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
      const outlet = document.getElementById('area-shell');
      if (!outlet) throw new Error('The page has no outlet for the shell pages');
      root = createRoot(outlet);
      root.render(<ShellPages />);
    },
    unmount: async () => {
      root?.unmount();
      root = undefined;
    },
  };
}
