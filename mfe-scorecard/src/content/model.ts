/**
 * The scorecard area's content types: what the team edits in /team (issue 28). One declaration per
 * type gives the editor its fields, labels and help, the API its validation (through
 * /content-model.json, which this remote publishes) and the pages their types. The seed is what
 * src/content/ held before publishing: the API loads it once.
 */
import { defineAreaModel, defineContentType, field, type DataOf } from '@wpc/shared/content-model';
import { REACH_LINE_TYPE, reachLineType } from '@wpc/shared/reach-line';
import { FAQ_SEED } from './faq';
import { LAUNCH_RELEASE } from './news';

export const pressRelease = defineContentType({
  label: 'Press release',
  plural: 'Press releases',
  help: 'Each release has its own page at /scorecard/news/<slug>; the newest is also shown in full on /scorecard/news.',
  titleField: 'title',
  slugFrom: 'title',
  fields: {
    title: field.text({
      label: 'Title',
      help: 'Short: the page heading reads “Press Release: <title>”, and search results and share previews show it.',
      maxLength: 90,
    }),
    headline: field.text({ label: 'Headline', help: 'The release’s full headline, above its text.', maxLength: 240 }),
    date: field.date({ label: 'Release date', help: 'The day the release is issued; the list is ordered by it.' }),
    place: field.text({
      label: 'Place',
      help: 'Where it is issued from, e.g. “San Francisco, California”.',
      maxLength: 120,
    }),
    summary: field.longText({
      label: 'Summary',
      help: 'One or two sentences under the heading and in the list of releases; the first 160 characters describe the page in search results.',
      maxLength: 400,
    }),
    body: field.markdown({
      label: 'Text',
      help: 'The release in Markdown: a blank line between paragraphs, ## for a sub-heading, > for a quote, [words](https://...) for a link.',
    }),
    links: field.list({
      label: 'Links',
      itemLabel: 'Link',
      help: 'Shown beside the release, e.g. the release on a partner’s website.',
      optional: true,
      maxItems: 6,
      of: {
        label: field.text({ label: 'Link text', maxLength: 120 }),
        url: field.url({ label: 'Address', sitePaths: true }),
      },
    }),
    contacts: field.list({
      label: 'Press contacts',
      itemLabel: 'Contact',
      optional: true,
      maxItems: 6,
      of: {
        name: field.text({ label: 'Name', maxLength: 120 }),
        role: field.text({ label: 'Role', maxLength: 160 }),
        organisation: field.text({ label: 'Organisation', maxLength: 160 }),
        email: field.email({ label: 'Email' }),
        phone: field.text({ label: 'Phone', optional: true, maxLength: 40 }),
      },
    }),
  },
});

export const faqEntry = defineContentType({
  label: 'FAQ entry',
  plural: 'FAQ entries',
  help: 'The questions on /scorecard/faq. The slug is the question’s link: /scorecard/faq#<slug>.',
  titleField: 'question',
  slugFrom: 'question',
  fields: {
    question: field.text({ label: 'Question', maxLength: 200 }),
    answer: field.markdown({
      label: 'Answer',
      help: 'Markdown: a blank line between paragraphs, - for a list.',
      maxLength: 4000,
    }),
    listEssentials: field.boolean({
      label: 'List the Ten Essentials after the answer',
      help: 'Adds the scorecard’s ten essentials, as the scorecard names them.',
      optional: true,
    }),
    linkLabel: field.text({ label: 'Further link: text', optional: true, maxLength: 120 }),
    linkUrl: field.url({
      label: 'Further link: address',
      help: 'A page of this site (/scorecard/...) or https://...',
      optional: true,
      sitePaths: true,
    }),
    order: field.order('Questions are shown from the lowest number up.'),
  },
});

/** The public reach line under the landing page's introduction (issue 40); off until the team adds an entry. */
export const reachLine = reachLineType('/scorecard, under the introduction');

export type PressReleaseData = DataOf<typeof pressRelease.fields>;
export type FaqEntryData = DataOf<typeof faqEntry.fields>;

export const MODEL = defineAreaModel({
  area: 'scorecard',
  types: { pressRelease, faqEntry, [REACH_LINE_TYPE]: reachLine },
  seedDate: '2026-11-22T00:00:00.000Z',
  seed: [
    {
      type: 'pressRelease',
      id: 'press-release-2024-02-19',
      slug: 'community-wildfire-resilience-scorecard-launched',
      publishedAt: '2024-02-19T08:00:00.000-08:00',
      data: LAUNCH_RELEASE,
    },
    ...FAQ_SEED.map(({ slug, ...data }) => ({ type: 'faqEntry' as const, id: `faq-${slug}`, slug, data })),
  ],
});
