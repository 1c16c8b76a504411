/**
 * @jest-environment node
 */
import {
  defineAreaModel,
  field,
  modelToJson,
  type DataOfType,
  type ImageValue,
  type MarkdownHtml,
  type PageEntry,
  type PageImage,
} from '@wpc/shared/content-model';
import { parseModelJson, validatorForModel, validatorFromModelJson } from '@wpc/shared/content-model/validate';
import { markdownToHtml, pageImage, prepareData } from '@wpc/shared/content-model/prepare';
import { readPublishedContent } from '@wpc/shared/content-contract';
import { titledType } from '../../test-support/content-types';

const session = titledType('Session', 'Sessions', {
  title: field.text({ label: 'Title', maxLength: 80 }),
  startsAt: field.dateTime({ label: 'Starts at' }),
  summary: field.markdown({ label: 'Summary', optional: true }),
  kind: field.select({
    label: 'Kind',
    options: [
      { value: 'pitch', label: 'Pitch' },
      { value: 'update', label: 'Update' },
    ],
  }),
  clip: field.url({ label: 'Clip', optional: true }),
  presenters: field.list({
    label: 'Presenters',
    itemLabel: 'Presenter',
    minItems: 1,
    of: {
      name: field.text({ label: 'Name' }),
      email: field.email({ label: 'Email', optional: true }),
      avatar: field.image({ label: 'Photo', widths: [96, 192], optional: true }),
    },
  }),
});

const MODEL = defineAreaModel({
  area: 'showcase',
  types: { session },
  seedDate: '2026-11-22T00:00:00Z',
  seed: [],
});

const valid = {
  title: 'Smoke detection from towers',
  startsAt: { at: '2025-07-16T12:00:00-07:00', timeZone: 'America/Los_Angeles' },
  kind: 'pitch',
  presenters: [{ name: 'Priya Raman', avatar: { id: 'img_1', alt: 'Priya smiling', width: 400, height: 400 } }],
};

/** `true` exactly when A and B are one type (not merely assignable either way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

describe('a declaration', () => {
  it('infers the stored and the page types of its entries', () => {
    type Data = DataOfType<typeof MODEL, 'session'>;
    type Page = PageEntry<typeof MODEL, 'session'>['data'];
    // Checked by tsc (npm run typecheck): a line turns into `false`, which does not compile, when
    // the declaration's inferred type of that field changes.
    const inferred: readonly true[] = [
      true satisfies Same<Data['kind'], 'pitch' | 'update'>,
      true satisfies Same<Data['title'], string>,
      true satisfies Same<Data['summary'], string | undefined>,
      true satisfies Same<Data['presenters'][number]['avatar'], ImageValue | undefined>,
      true satisfies Same<Page['summary'], MarkdownHtml | undefined>,
      true satisfies Same<Page['presenters'][number]['avatar'], PageImage | undefined>,
    ];
    expect(inferred).toHaveLength(6);
    // At run time, the validator built from the same declaration agrees with the types: what they
    // allow it accepts, and the value they refuse it refuses.
    const data: Data = {
      title: 'T',
      startsAt: { at: '2025-07-16T12:00:00-07:00', timeZone: 'UTC' },
      kind: 'update',
      presenters: [{ name: 'N' }],
    };
    // @ts-expect-error -- "keynote" is not one of the select's values
    const badKind: Data['kind'] = 'keynote';
    const validator = validatorForModel(MODEL);
    expect(validator.checkEntry('session', { slug: 't', data })).toMatchObject({ ok: true, data });
    expect(validator.checkEntry('session', { slug: 't', data: { ...data, kind: badKind } })).toMatchObject({
      ok: false,
      issues: [{ path: 'kind' }],
    });
  });

  it('publishes its fields, labels and constraints as JSON, in declared order', () => {
    const json = modelToJson(MODEL);
    expect(json.area).toBe('showcase');
    expect(json.types.map((type) => type.name)).toEqual(['session']);
    const [type] = json.types;
    expect(type!.fields.map((item) => [item.name, item.kind, item.label])).toEqual([
      ['title', 'text', 'Title'],
      ['startsAt', 'dateTime', 'Starts at'],
      ['summary', 'markdown', 'Summary'],
      ['kind', 'select', 'Kind'],
      ['clip', 'url', 'Clip'],
      ['presenters', 'list', 'Presenters'],
    ]);
    const presenters = type!.fields[5]!;
    expect(presenters.kind === 'list' && presenters.of.map((item) => item.name)).toEqual(['name', 'email', 'avatar']);
    // What the API receives over HTTP is a model it can check.
    expect(parseModelJson(JSON.parse(JSON.stringify(json)))).toEqual(json);
  });

  it('is refused as a model when its JSON is not one', () => {
    expect(() => parseModelJson({ format: 1, area: 'showcase', types: [{ name: 'x' }] })).toThrow(
      /Not a content model/,
    );
    const json = modelToJson(MODEL);
    expect(() =>
      parseModelJson({
        ...json,
        types: [{ ...json.types[0], fields: [{ name: 'kind', kind: 'select', label: 'K' }] }],
      }),
    ).toThrow(/needs "options"/);
  });
});

describe('the validator built from the JSON model', () => {
  const validator = validatorFromModelJson(JSON.parse(JSON.stringify(modelToJson(MODEL))));

  it('accepts an entry that fits, dropping undeclared fields and blank optional text', () => {
    const result = validator.checkEntry('session', {
      slug: 'smoke-detection',
      data: { ...valid, clip: '  ', retiredField: 'kept nowhere' },
    });
    expect(result).toEqual({ ok: true, slug: 'smoke-detection', data: valid });
  });

  it('refuses an entry with every reason, by field path', () => {
    const result = validator.checkEntry('session', {
      slug: 'Not A Slug',
      data: {
        title: 'x'.repeat(81),
        startsAt: { at: '2025-07-16 12:00', timeZone: 'Mars/Olympus' },
        kind: 'keynote',
        clip: 'javascript:alert(1)',
        presenters: [{ name: '', email: 'nobody', avatar: { id: 'img_1', alt: ' ', width: 10, height: 10 } }],
      },
    });
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.issues.map((issue) => issue.path);
    expect(paths.sort()).toEqual(
      [
        'slug',
        'title',
        'startsAt.at',
        'startsAt.timeZone',
        'kind',
        'clip',
        'presenters.0.name',
        'presenters.0.email',
        'presenters.0.avatar.alt',
      ].sort(),
    );
  });

  it('refuses a list shorter than its minimum and a missing required field', () => {
    const result = validator.checkEntry('session', { slug: 'a', data: { ...valid, presenters: [], title: undefined } });
    expect(result.ok ? [] : result.issues).toEqual([
      { path: 'title', message: expect.any(String) },
      { path: 'presenters', message: 'Add at least 1.' },
    ]);
  });

  it('refuses script and javascript: links in Markdown, with a message saying why', () => {
    const script = validator.checkEntry('session', {
      slug: 'a',
      data: { ...valid, summary: 'Hello <script>alert(1)</script>' },
    });
    expect(script.ok ? [] : script.issues).toEqual([
      { path: 'summary', message: 'HTML is not allowed in Markdown: use Markdown only.' },
    ]);
    const link = validator.checkEntry('session', {
      slug: 'a',
      data: { ...valid, summary: '[click](javascript:alert(1))' },
    });
    expect(link.ok ? [] : link.issues[0]?.message).toMatch(/^The link "javascript:alert\(1\)" is not allowed/);
    expect(validator.checkEntry('session', { slug: 'a', data: { ...valid, summary: '[site](/scorecard)' } }).ok).toBe(
      true,
    );
  });

  it('refuses a type its area does not declare', () => {
    expect(validator.checkEntry('organisation', { slug: 'a', data: {} })).toEqual({
      ok: false,
      issues: [{ path: 'type', message: 'The showcase area has no "organisation" content.' }],
    });
  });

  it('is the same validator the area builds from its declaration', () => {
    const own = validatorForModel(MODEL);
    const entry = { slug: 'x', data: { ...valid, kind: 'keynote' } };
    expect(own.checkEntry('session', entry)).toEqual(validator.checkEntry('session', entry));
  });
});

describe('preparing an entry for its page', () => {
  it('renders Markdown to HTML and removes what is unsafe even when it got past the validator', () => {
    const { html } = markdownToHtml(
      '# Title\n\nA [link](https://example.org) and [bad](javascript:alert(1)).\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\n> Quoted',
    );
    expect(html).toContain('<h3>Title</h3>');
    expect(html).toContain('<a href="https://example.org">link</a>');
    expect(html).not.toMatch(/script|onerror|javascript:|<img/);
    expect(html).toContain('<blockquote>');
  });

  it('gives uploaded images a srcset of their declared widths, never wider than the original', () => {
    expect(pageImage({ id: 'img_1', alt: 'A', width: 150, height: 100 }, { widths: [96, 192, 384] })).toEqual({
      src: '/api/content/images/img_1/96.webp',
      srcSet: '/api/content/images/img_1/96.webp 96w',
      alt: 'A',
      width: 150,
      height: 100,
    });
    expect(pageImage({ id: 'img_2', alt: 'B', width: 800, height: 400 }, { widths: [192, 96] }).srcSet).toBe(
      '/api/content/images/img_2/96.webp 96w, /api/content/images/img_2/192.webp 192w',
    );
    expect(pageImage({ src: '/mfe/map/assets/logo.svg', alt: 'C', width: 64, height: 64 }, { widths: [64] })).toEqual({
      src: '/mfe/map/assets/logo.svg',
      alt: 'C',
      width: 64,
      height: 64,
    });
  });

  it('prepares nested lists', () => {
    const json = modelToJson(MODEL);
    const prepared = prepareData(json.types[0]!.fields, { ...valid, summary: '**Bold**' });
    expect(prepared.summary).toEqual({ html: '<p><strong>Bold</strong></p>' });
    expect((prepared.presenters as { avatar: { src: string } }[])[0]!.avatar.src).toBe(
      '/api/content/images/img_1/192.webp',
    );
  });
});

describe('reading a published answer', () => {
  const entry = {
    type: 'session',
    id: 'e1',
    slug: 'a',
    data: valid,
    publishedAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00.000+01:00',
  };

  it('keeps the entries that are entries and reports the others by id, without their data', () => {
    const { content, malformed } = readPublishedContent({
      area: 'showcase',
      revision: 'r7',
      entries: [entry, { id: 'e2', type: 'session', data: { name: 'Personal Name' } }, 42],
    });
    expect(content).toEqual({ area: 'showcase', revision: 'r7', entries: [entry] });
    expect(malformed.map(({ index, id, type }) => ({ index, id, type }))).toEqual([
      { index: 1, id: 'e2', type: 'session' },
      { index: 2, id: undefined, type: undefined },
    ]);
    expect(JSON.stringify(malformed)).not.toContain('Personal Name');
  });

  it('refuses an answer that is not one', () => {
    expect(() => readPublishedContent({ area: 'moon', revision: 'r', entries: [] })).toThrow(/Not a published-content/);
    expect(() => readPublishedContent({ area: 'map', entries: [] })).toThrow(/Not a published-content/);
  });
});
