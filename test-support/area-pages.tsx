import { render, screen } from '@testing-library/react';
import { AreaRouter, PageDataStore, type AreaPages } from '@wpc/shared/area';
import type { AreaContentDefinition } from '@wpc/shared/area/content';
import { pageRoutesOf, type RemoteArea } from '@wpc/shared/routes';
import { seededArea } from './page-data';

/**
 * Every route and route pattern the table gives an area has a page, and every page its seed gives
 * it (a pattern's too) renders with one h1, through the area's router with its data.
 */
export function describeAreaPages(area: RemoteArea, pages: AreaPages, content: AreaContentDefinition) {
  describe(`the ${area} area`, () => {
    it('has a page for every route and route pattern the table gives it, and no other', () => {
      expect(Object.keys(pages).sort()).toEqual(
        pageRoutesOf(area)
          .map((route) => route.path)
          .sort(),
      );
    });

    const seeded = seededArea(content);
    for (const { path } of seeded.api.pagePaths(seeded.content)) {
      it(`renders ${path}`, async () => {
        window.history.pushState(null, '', path);
        const { data } = seeded.pageAt(path);
        const store = new PageDataStore(data === undefined ? null : { path, data }, () =>
          Promise.reject(new Error('not in this test')),
        );
        render(<AreaRouter area={area} pages={pages} label="This page" data={store} />);
        // A whole page under React.lazy can take seconds to render on a busy CI machine.
        expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeVisible();
        expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      });
    }
  });
}
