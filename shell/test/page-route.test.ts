/** @jest-environment node */
import { findRoute } from '../server/page-route';
import { SPEC_NOT_FOUND_PATHS, SPEC_ROUTES } from '../../test-support/spec/routes';

describe('finding the route of a page request', () => {
  it.each(SPEC_ROUTES.filter((route) => route.area !== 'shell').map((route) => [route.path, route.area] as const))(
    "composes %s from the shell's document for it and the %s remote's page",
    (path, area) => {
      expect(findRoute(path)).toMatchObject({
        path,
        area,
        documentPath: path,
        canonicalPath: path,
        status: 200,
      });
    },
  );

  it("serves the shell's own pages from its document alone", () => {
    expect(findRoute('/dev/check-your-window-size')).toMatchObject({
      area: undefined,
      documentPath: '/dev/check-your-window-size',
      canonicalPath: '/dev/check-your-window-size',
      status: 200,
    });
  });

  it.each(SPEC_NOT_FOUND_PATHS)("answers %s with the shell's 404 document, status 404 and no canonical URL", (path) => {
    expect(findRoute(path)).toEqual({
      path,
      route: undefined,
      area: undefined,
      documentPath: '/404',
      canonicalPath: undefined,
      status: 404,
    });
  });

  it('takes a path with a trailing slash as the same page', () => {
    expect(findRoute('/scorecard/faq/')).toMatchObject({
      path: '/scorecard/faq',
      area: 'scorecard',
      documentPath: '/scorecard/faq',
      canonicalPath: '/scorecard/faq',
    });
  });

  it("composes every page of the team console in the console's one document, each under its own address", () => {
    const page = findRoute('/team/submissions/6650c1f2a9');
    expect(page).toMatchObject({
      area: undefined,
      documentPath: '/team',
      canonicalPath: '/team/submissions/6650c1f2a9',
      status: 200,
    });
    // The console is kept out of search engines (X-Robots-Tag as well as its meta tag).
    expect(page.route?.noindex).toBe(true);
  });
});
