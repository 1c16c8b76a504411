import { areaForPath, documentTitleFor, matchRoute, ROUTES } from '@wpc/shared/routes';

describe('route table', () => {
  it('gives each of the spec routes an owner', () => {
    expect(areaForPath('/')).toBe('home');
    expect(areaForPath('/contact-us')).toBe('home');
    expect(areaForPath('/scorecard')).toBe('scorecard');
    expect(areaForPath('/scorecard/faq')).toBe('scorecard');
    expect(areaForPath('/showcase/presentations')).toBe('showcase');
    expect(areaForPath('/map')).toBe('map');
    expect(areaForPath('/dev/check-your-window-size')).toBe('shell');
  });

  it('leaves unknown paths, even under an area, to the 404 page', () => {
    expect(areaForPath('/scorecard/nope')).toBeUndefined();
    expect(areaForPath('/nothing-here')).toBeUndefined();
    expect(documentTitleFor('/scorecard/nope')).toMatch(/^Page Not Found/);
  });

  it('ignores a trailing slash', () => {
    expect(matchRoute('/about/')?.path).toBe('/about');
  });

  it('gives every route a distinct title', () => {
    const titles = ROUTES.map((route) => route.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
