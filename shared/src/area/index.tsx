import React, { Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import type { AppProps, LifeCycleFn } from 'single-spa';
import { routesOf, type RemoteArea } from '@wpc/shared/routes';
import { SectionLoading, SectionUnavailable } from '@wpc/shared/status';
import { hydrateInSlices, takeServerRender } from '@wpc/shared/area/hydration';

export type AreaPages = Readonly<Record<string, ComponentType | LazyExoticComponent<ComponentType>>>;

export interface AreaRoutesProps {
  readonly area: RemoteArea;
  /** One page per path the route table gives this area. */
  readonly pages: AreaPages;
  readonly label: string;
}

// v7 behaviour opted into now, so the later upgrade changes nothing.
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** An area's pages for the current location: the same tree in the browser and on the server. */
export function AreaRoutes({ area, pages, label }: AreaRoutesProps) {
  return (
    <Suspense fallback={<SectionLoading section={label} />}>
      <Routes>
        {routesOf(area).map(({ path }) => {
          const Page = pages[path];
          if (!Page) throw new Error(`No page for ${path} in the ${area} area`);
          return <Route key={path} path={path} element={<Page />} />;
        })}
      </Routes>
    </Suspense>
  );
}

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

export interface AreaDefinition extends AreaRoutesProps {
  /** The remote's browser build id: pass `__webpack_hash__` from the remote's own spa.tsx. */
  readonly buildId: string;
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
export function defineArea({ area, pages, label, buildId }: AreaDefinition): AreaLifecycles {
  const identifierPrefix = areaIdPrefix(area);
  let hydrate = false;
  const lifecycles = singleSpaReact<object>({
    React,
    ReactDOMClient: {
      createRoot: (container: Element) => createRoot(container, { identifierPrefix }),
      hydrateRoot: (container: Element, element: ReactNode) =>
        hydrateInSlices(container, element, { identifierPrefix }),
    },
    renderType: () => (hydrate ? 'hydrateRoot' : 'createRoot'),
    rootComponent: () => <AreaRouter area={area} pages={pages} label={label} />,
    errorBoundary: () => <SectionUnavailable section={label} onRetry={() => window.location.reload()} />,
  });
  return {
    bootstrap: lifecycles.bootstrap,
    mount: (props) => {
      const { domElement } = props as AreaProps;
      hydrate = domElement ? takeServerRender(domElement, buildId) : false;
      return lifecycles.mount(props);
    },
    unmount: lifecycles.unmount,
  };
}
