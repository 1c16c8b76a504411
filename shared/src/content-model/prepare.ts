/**
 * From an entry's stored data to what its page renders, on the area's server (and in the build's
 * prerender): Markdown becomes sanitised HTML, images become <img> attributes. Browsers receive
 * the result in the page's data, so they need neither a Markdown parser nor a sanitiser.
 * Node only.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { contentImageUrl } from '../content-contract';
import type { ImageField, ImageValue, MarkdownHtml, PageImage } from './fields';
import type { FieldJson } from './json';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * What survives: text structure, emphasis, lists, quotes and links (http(s), mailto, tel, site
 * paths, anchors). No raw HTML, scripts, styles, images, frames or event handlers. Headings start
 * at h3: a Markdown body always sits below its page's h1 and a section's h2.
 */
const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'h3', 'h4', 'h5', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    h3: 'h4',
    h4: 'h5',
    h5: 'h5',
    h6: 'h5',
  },
};

/** Markdown to HTML with nothing unsafe left in it. */
export function markdownToHtml(markdown: string): MarkdownHtml {
  const raw = marked.parse(markdown) as string;
  return { html: sanitizeHtml(raw, SANITISE).trim() };
}

/**
 * An image for <img>: an uploaded one from the API in each declared width it has (never wider
 * than the original), a seed's file as it is.
 */
export function pageImage(image: ImageValue, field: Pick<ImageField, 'widths'>): PageImage {
  const { alt, width, height } = image;
  if (!('id' in image)) return { src: image.src, alt, width, height };
  const sorted = [...field.widths].sort((a, b) => a - b);
  const usable = sorted.filter((candidate) => candidate <= width);
  const widths = usable.length > 0 ? usable : sorted.slice(0, 1);
  const largest = widths[widths.length - 1]!;
  return {
    src: contentImageUrl(image.id, largest),
    srcSet: widths
      .map((candidate) => `${contentImageUrl(image.id, candidate)} ${Math.min(candidate, width)}w`)
      .join(', '),
    alt,
    width,
    height,
  };
}

function prepareValue(field: FieldJson, value: unknown): unknown {
  if (value === undefined) return undefined;
  switch (field.kind) {
    case 'markdown':
      return markdownToHtml(value as string);
    case 'image':
      return pageImage(value as ImageValue, field);
    case 'list':
      return (value as Record<string, unknown>[]).map((item) => prepareData(field.of, item));
    default:
      return value;
  }
}

/** An entry's checked data (validate.ts) as its page renders it. */
export function prepareData(
  fields: readonly FieldJson[],
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const prepared: Record<string, unknown> = {};
  for (const field of fields) {
    const value = prepareValue(field, data[field.name]);
    if (value !== undefined) prepared[field.name] = value;
  }
  return prepared;
}
