import { render, screen } from '@testing-library/react';
import { AreaRouter, type AreaPages } from '@wpc/shared/area';
import { routesOf, type RemoteArea } from '@wpc/shared/routes';

/** Every path the route table gives an area renders that area's page with one h1. */
export function describeAreaPages(area: RemoteArea, pages: AreaPages) {
  describe(`the ${area} area`, () => {
    it('has a page for every route the table gives it, and no other', () => {
      expect(Object.keys(pages).sort()).toEqual(
        routesOf(area)
          .map((route) => route.path)
          .sort(),
      );
    });

    for (const { path } of routesOf(area)) {
      it(`renders ${path}`, async () => {
        window.history.pushState(null, '', path);
        render(<AreaRouter area={area} pages={pages} label="This page" />);
        // A whole page under React.lazy can take seconds to render on a busy CI machine.
        expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeVisible();
        expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      });
    }
  });
}
