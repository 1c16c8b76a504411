import { markdownToHtml } from '@wpc/shared/content-model/prepare';

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

/**
 * The body as sanitised HTML (the published content's one Markdown pipeline: no raw HTML, links only
 * to http(s), mailto and tel) and as plain text (Markdown reads as text; links keep their address).
 */
export function renderBody(body: string): RenderedBody {
  const { html } = markdownToHtml(body);
  const text = body
    .replace(/\r\n?/g, '\n')
    .replace(/!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_all, label: string, url: string) =>
      label && label !== url ? `${label} (${url})` : url,
    )
    .trim();
  return { html, text };
}
