/** @jest-environment node */
import type { BuiltPageMeta } from '@wpc/shared/page-meta';
import { writeHead } from '../server/head';
import { findRoute } from '../server/page-route';
import { builtPageMeta } from '../../test-support/built-page-meta';
import { SPEC_NOT_FOUND, specDocumentTitle } from '../../test-support/spec/routes';

const document =
  '<!doctype html><html><head><title>Loading</title><meta name="description" content="The shell">' +
  '<!--wpc:head--></head><body></body></html>';
const origin = 'https://wildfire.example';
const faqMeta = builtPageMeta('Scorecard FAQ', 'share/scorecard-faq.0123456789.png');
const siteMeta = builtPageMeta('Wildfire Prevention Consortium', 'share/site.abcdef0123.png', { type: 'website' });
const site = jest.fn(async (): Promise<BuiltPageMeta | undefined> => siteMeta);

beforeEach(() => site.mockClear());

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("writing the page's head", () => {
  it("writes the page's own metadata, its share image under the area's base URL", async () => {
    const html = await writeHead(document, {
      page: findRoute('/scorecard/faq'),
      origin,
      meta: faqMeta,
      assetBase: '/mfe/scorecard/',
      siteMeta: site,
    });
    expect(titleOf(html)).toBe(specDocumentTitle('Scorecard FAQ'));
    expect(html).toContain('<link rel="canonical" href="https://wildfire.example/scorecard/faq">');
    expect(html).toContain(
      '<meta property="og:image" content="https://wildfire.example/mfe/scorecard/share/scorecard-faq.0123456789.png">',
    );
    expect(html).not.toContain('content="The shell"');
    expect(html).not.toContain('name="robots"');
    // The site's metadata is not even read.
    expect(site).not.toHaveBeenCalled();
  });

  it("writes the site's description and image under the route's title for a page without its own", async () => {
    const html = await writeHead(document, { page: findRoute('/map'), origin, siteMeta: site });
    expect(titleOf(html)).toBe(specDocumentTitle('Showcase Map'));
    expect(html).toContain(`<meta name="description" content="${siteMeta.description}">`);
    expect(html).toContain('<meta property="og:image" content="https://wildfire.example/share/site.abcdef0123.png">');
    expect(html).toContain('<link rel="canonical" href="https://wildfire.example/map">');
    expect(html).not.toContain('name="robots"');
  });

  it('keeps a path no route owns out of search results, with the 404 title and no canonical URL', async () => {
    const html = await writeHead(document, { page: findRoute('/no-such-page'), origin, siteMeta: site });
    expect(titleOf(html)).toBe(specDocumentTitle(SPEC_NOT_FOUND.title));
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
  });

  it('leaves the document as it is when neither the page nor the site has metadata', async () => {
    const html = await writeHead(document, { page: findRoute('/map'), origin, siteMeta: async () => undefined });
    expect(html).toBe(document);
  });
});
