import React, { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import type { AppProps, LifeCycleFn } from 'single-spa';
import { pageRoutesOf, type RemoteArea } from '@wpc/shared/routes';
import { SectionLoading, SectionUnavailable } from '@wpc/shared/status';
import { hydrateInSlices, takeServerRender } from '@wpc/shared/area/hydration';
import { fetchPageData, PageDataIsland, PageDataProvider, PageDataStore, readPageDataIsland } from './page-data';

export {
  fetchPageData,
  PageDataProvider,
  PageDataStore,
  pageDataJson,
  readPageDataIsland,
  usePageData,
  type PageDataLoader,
  type PageDataSnapshot,
} from './page-data';

/** A page loaded when first rendered; `load` fetches its code without rendering it (the build's prerender). */
export interface AreaPage extends LazyExoticComponent<ComponentType> {
  readonly load: () => Promise<unknown>;
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>): AreaPage {
  return Object.assign(lazy(load), { load });
}

export type AreaPages = Readonly<Record<string, ComponentType | AreaPage>>;

export interface AreaRoutesProps {
  readonly area: RemoteArea;
  /** One page per path and route pattern the route table gives this area. */
  readonly pages: AreaPages;
  readonly label: string;
  /** The pages' published content (page-data.tsx); pages that read none need none. */
  readonly data?: PageDataStore;
}

// v7 behaviour opted into now, so the later upgrade changes nothing.
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** An area's pages for the current location: the same tree in the browser and on the server. */
export function AreaRoutes({ area, pages, label, data = NO_DATA }: AreaRoutesProps) {
  return (
    <PageDataProvider store={data}>
      {data.initial ? <PageDataIsland snapshot={data.initial} /> : null}
      <Suspense fallback={<SectionLoading section={label} />}>
        <Routes>
          {pageRoutesOf(area).map(({ path }) => {
            const Page = pages[path];
            if (!Page) throw new Error(`No page for ${path} in the ${area} area`);
            return <Route key={path} path={path} element={<Page />} />;
          })}
        </Routes>
      </Suspense>
    </PageDataProvider>
  );
}

const NO_DATA = new PageDataStore(null, (path) =>
  Promise.reject(new Error(`No page data can be loaded for ${path} here`)),
);

/** A remote's own router: it renders only the paths the shared route table gives its area. */
export function AreaRouter(props: AreaRoutesProps) {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <AreaRoutes {...props} />
    </BrowserRouter>
  );
}

/** useId prefix of an area's React root, in the browser and in the prerendered HTML. */
export const areaIdPrefix = (area: RemoteArea) => `${area}-`;

export interface AreaDefinition extends Omit<AreaRoutesProps, 'data'> {
  /** The remote's browser build id: pass `__webpack_hash__` from the remote's own spa.tsx. */
  readonly buildId: string;
  /**
   * Where the remote is deployed: pass `__webpack_public_path__` from its spa.tsx. Its pages'
   * data for client-side navigation is fetched from there.
   */
  readonly publicPath: string;
}

type AreaProps = AppProps & { readonly domElement?: HTMLElement };

export interface AreaLifecycles {
  readonly bootstrap: LifeCycleFn<object>;
  readonly mount: LifeCycleFn<object>;
  readonly unmount: LifeCycleFn<object>;
}

/**
 * The single-spa lifecycles of a remote area. On the first page of a visit the shell's outlet
 * holds the HTML the remote's build prerendered and the edge sent: it is hydrated, not
 * replaced. Later mounts (client-side navigation) render into the empty outlet.
 */
export function defineArea({ area, pages, label, buildId, publicPath }: AreaDefinition): AreaLifecycles {
  const identifierPrefix = areaIdPrefix(area);
  let hydrate = false;
  let data = new PageDataStore(null, fetchPageData(publicPath));
  const lifecycles = singleSpaReact<object>({
    React,
    ReactDOMClient: {
      createRoot: (container: Element) => createRoot(container, { identifierPrefix }),
      hydrateRoot: (container: Element, element: ReactNode) =>
        hydrateInSlices(container, element, { identifierPrefix }),
    },
    renderType: () => (hydrate ? 'hydrateRoot' : 'createRoot'),
    rootComponent: () => <AreaRouter area={area} pages={pages} label={label} data={data} />,
    errorBoundary: () => <SectionUnavailable section={label} onRetry={() => window.location.reload()} />,
  });
  return {
    bootstrap: lifecycles.bootstrap,
    mount: (props) => {
      const { domElement } = props as AreaProps;
      hydrate = domElement ? takeServerRender(domElement, buildId) : false;
      // The page's data comes with its prerendered HTML: hydrate from exactly what the server used.
      data = new PageDataStore(
        hydrate && domElement ? readPageDataIsland(domElement) : null,
        fetchPageData(publicPath),
      );
      return lifecycles.mount(props);
    },
    unmount: lifecycles.unmount,
  };
}
