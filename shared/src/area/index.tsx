import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { routesOf, type RemoteArea } from '@wpc/shared/routes';
import { SectionLoading } from '@wpc/shared/status';

export type AreaPages = Readonly<Record<string, ComponentType | LazyExoticComponent<ComponentType>>>;

export interface AreaRouterProps {
  readonly area: RemoteArea;
  /** One page per path the route table gives this area. */
  readonly pages: AreaPages;
  readonly label: string;
}

/** A remote's own router: it renders only the paths the shared route table gives its area. */
export function AreaRouter({ area, pages, label }: AreaRouterProps) {
  return (
    // v7 behaviour opted into now, so the later upgrade changes nothing.
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Suspense fallback={<SectionLoading section={label} />}>
        <Routes>
          {routesOf(area).map(({ path }) => {
            const Page = pages[path];
            if (!Page) throw new Error(`No page for ${path} in the ${area} area`);
            return <Route key={path} path={path} element={<Page />} />;
          })}
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
