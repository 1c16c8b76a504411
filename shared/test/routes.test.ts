import { areaForPath, documentTitleFor, matchRoute, NOT_FOUND_TITLE, ROUTES } from '@wpc/shared/routes';
import {
  ROUTES_BEYOND_SPEC,
  SPEC_NOT_FOUND,
  SPEC_NOT_FOUND_PATHS,
  SPEC_ROUTES,
  specDocumentTitle,
} from '../../test-support/spec/routes';

describe('route table against spec §2', () => {
  it.each(SPEC_ROUTES.map((route) => [route.path, route] as const))(
    'has %s, owned and titled as agreed',
    (path, spec) => {
      expect(matchRoute(path)).toEqual({ path, area: spec.area, title: spec.title });
      expect(areaForPath(path)).toBe(spec.area);
      expect(documentTitleFor(path)).toBe(specDocumentTitle(spec.title));
    },
  );

  it('has no route beyond the spec that is not declared as such', () => {
    const known = new Set([...SPEC_ROUTES, ...ROUTES_BEYOND_SPEC].map((route) => route.path));
    expect(ROUTES.map((route) => route.path).filter((path) => !known.has(path))).toEqual([]);
    for (const route of ROUTES.filter((candidate) => !SPEC_ROUTES.some((spec) => spec.path === candidate.path))) {
      expect(route.area).toBe(ROUTES_BEYOND_SPEC.find((extra) => extra.path === route.path)?.area);
    }
  });

  it('leaves unknown paths, even under an area, to the 404 page', () => {
    for (const path of SPEC_NOT_FOUND_PATHS) {
      expect(areaForPath(path)).toBeUndefined();
      expect(documentTitleFor(path)).toBe(specDocumentTitle(SPEC_NOT_FOUND.title));
    }
    expect(NOT_FOUND_TITLE).toBe(SPEC_NOT_FOUND.title);
  });

  it('ignores a trailing slash', () => {
    expect(matchRoute('/about/')?.path).toBe('/about');
    expect(matchRoute('/scorecard/faq/')?.path).toBe('/scorecard/faq');
  });

  it('gives every route a distinct title', () => {
    const titles = ROUTES.map((route) => route.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
