import { breadcrumbList, faqPage, isPrivatePath, publicRoutePaths, textQuestions } from '@wpc/shared/page-meta';
import { ROUTES_BEYOND_SPEC, SPEC_ROUTES, SITE_NAME } from '../../test-support/spec/routes';
import { ROBOTS_DISALLOWED } from '../../test-support/spec/public-web';

describe('page metadata helpers', () => {
  it('list every public route for the sitemap: the spec’s and ours, without the developer pages', () => {
    const expected = [...SPEC_ROUTES, ...ROUTES_BEYOND_SPEC]
      .filter((route) => route.area !== 'shell')
      .map((route) => route.path);
    expect([...publicRoutePaths()].sort()).toEqual(expected.sort());
  });

  it('keep the developer pages and the team console private, and nothing else', () => {
    for (const prefix of ROBOTS_DISALLOWED) expect(isPrivatePath(prefix.replace(/\/$/, ''))).toBe(true);
    expect(isPrivatePath('/dev/forms')).toBe(true);
    expect(isPrivatePath('/team/inbox')).toBe(true);
    expect(isPrivatePath('/teamwork')).toBe(false);
    expect(isPrivatePath('/developers')).toBe(false);
    expect(isPrivatePath('/scorecard')).toBe(false);
    // Issue 38 item 2: the archive of sent updates is public; the pages of a subscriber's own links are not.
    expect(isPrivatePath('/updates')).toBe(false);
    expect(isPrivatePath('/updates/2026-11-27-pilots-open')).toBe(false);
    expect(isPrivatePath('/updates/preferences')).toBe(true);
  });

  it('build a breadcrumb trail through the pages above a page', () => {
    expect(breadcrumbList('/scorecard/faq')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: SITE_NAME, item: '/' },
        { '@type': 'ListItem', position: 2, name: 'Community Wildfire Resilience Scorecard', item: '/scorecard' },
        { '@type': 'ListItem', position: 3, name: 'Scorecard FAQ', item: '/scorecard/faq' },
      ],
    });
    // /showcase is not a page: the trail skips it.
    const trail = breadcrumbList('/showcase/innovations').itemListElement as unknown as { item: string }[];
    expect(trail.map((item) => item.item)).toEqual(['/', '/showcase/innovations']);
  });

  it('turn plain-text accordion items into an FAQPage, leaving out answers that are not text', () => {
    const items = textQuestions([
      { type: 'paragraph' },
      {
        type: 'accordion',
        items: [
          { question: 'Q1?', answer: 'A1.' },
          { question: 'Q2?', answer: { rich: true } },
        ],
      },
    ]);
    expect(faqPage(items)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q1?', acceptedAnswer: { '@type': 'Answer', text: 'A1.' } }],
    });
  });
});
