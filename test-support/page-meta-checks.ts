import fs from 'node:fs';
import path from 'node:path';
import type { AreaPageMeta } from '@wpc/shared/page-meta';
import { ROUTES_BEYOND_SPEC, specRoutesOf, SPEC_ROUTES, type SpecArea } from './spec/routes';

/**
 * Checks an area's src/content/page-meta.ts against the spec fixtures: one entry per route the
 * area owns (and `extraPaths`), the spec's titles, descriptions a search result can show whole,
 * and a share illustration that exists.
 */
export function describePageMeta(
  area: SpecArea,
  pageMeta: AreaPageMeta,
  packageDir: string,
  extraPaths: string[] = [],
) {
  const paths = [
    ...specRoutesOf(area).map((route) => route.path),
    ...ROUTES_BEYOND_SPEC.filter((route) => route.area === area).map((route) => route.path),
    ...extraPaths,
  ];

  describe(`${area} page metadata`, () => {
    it('has an entry for every route the area owns, and no other', () => {
      expect(Object.keys(pageMeta).sort()).toEqual([...paths].sort());
    });

    it.each(paths)('%s: the spec’s title, its own description, a share illustration and a date', (routePath) => {
      const meta = pageMeta[routePath]!;
      const specTitle = SPEC_ROUTES.find((route) => route.path === routePath)?.title;
      if (specTitle) expect(meta.title).toBe(specTitle);
      expect(meta.description.length).toBeGreaterThanOrEqual(50);
      expect(meta.description.length).toBeLessThanOrEqual(160);
      expect(fs.readFileSync(path.join(packageDir, meta.shareImage.illustration), 'utf8')).toMatch(/^<svg[\s>]/);
      expect(meta.shareImage.alt.length).toBeGreaterThan(20);
      expect(meta.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Date.parse(meta.lastModified)).toBeLessThanOrEqual(Date.now());
    });

    it('describes each page in its own words', () => {
      const descriptions = Object.values(pageMeta).map((meta) => meta.description);
      expect(new Set(descriptions).size).toBe(descriptions.length);
    });
  });
}
