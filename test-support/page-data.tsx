import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { PageDataProvider, PageDataStore, ROUTER_FUTURE } from '@wpc/shared/area';
import { createAreaContent, type AreaContent, type AreaContentDefinition } from '@wpc/shared/area/content';

/**
 * An area's pages as its build renders them from its seed: each page's data and metadata, and a
 * page component wrapped as the area renders it (a router at the page's path, the page's data).
 * Component tests render pages with real published-content data this way, not hand-made props.
 */
export function seededArea(definition: AreaContentDefinition, content?: AreaContent) {
  const api = createAreaContent(definition);
  const published = content ?? api.seedContent();
  const pageAt = (path: string) => {
    const page = api.pageFor(path, published);
    if (!page) throw new Error(`The ${definition.model.area} seed has no page at ${path}`);
    return page;
  };
  return {
    api,
    content: published,
    pageAt,
    /** `element` at `path`, with that page's data. */
    wrap(path: string, element: ReactElement): ReactElement {
      const { data } = pageAt(path);
      const store = new PageDataStore(data === undefined ? null : { path, data }, () =>
        Promise.reject(new Error(`No page data is loaded in this test (${path})`)),
      );
      return (
        <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
          <PageDataProvider store={store}>{element}</PageDataProvider>
        </MemoryRouter>
      );
    },
  };
}
