import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown as the team writes it: no raw HTML (markdown-it escapes it), links only to http(s) and
 * mailto. The output is sanitised once more with an allow-list, so nothing a future option lets
 * through can carry a script.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.validateLink = (url) => /^(https?:|mailto:)/i.test(url.trim());

const ALLOWED = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
} satisfies sanitizeHtml.IOptions;

/** Script in a body: a tag that runs or embeds something, an event handler, a script URL. */
const SCRIPT_PATTERNS: readonly RegExp[] = [
  /<\s*\/?\s*(script|iframe|object|embed|style|svg|math|form|meta|link|base)\b/i,
  /<[^>]*\son[a-z]+\s*=/i,
  /\b(javascript|vbscript|livescript)\s*:/i,
  /\bdata\s*:\s*text\/html/i,
];

/** Why a body is refused, or undefined when it holds no script. */
export function scriptProblem(body: string): string | undefined {
  return SCRIPT_PATTERNS.some((pattern) => pattern.test(body))
    ? 'The update holds script (a <script> or similar tag, an on...= handler or a javascript: link). Write plain Markdown: links start with https:// or mailto:.'
    : undefined;
}

export interface RenderedBody {
  readonly html: string;
  readonly text: string;
}

/** The body as sanitised HTML and as plain text (Markdown reads as text; links keep their address). */
export function renderBody(body: string): RenderedBody {
  const html = sanitizeHtml(markdown.render(body), ALLOWED);
  const text = body
    .replace(/\r\n?/g, '\n')
    .replace(/!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_all, label: string, url: string) =>
      label && label !== url ? `${label} (${url})` : url,
    )
    .trim();
  return { html, text };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
