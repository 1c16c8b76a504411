/**
 * Checking entries against a content model. The validator is built from the model's JSON (json.ts)
 * and nothing else: the remote builds its own from its declaration by the same route
 * (`validatorForModel`), and the API (issue 28, part B) from the JSON the remote publishes, so both
 * accept exactly the same entries. Node only (zod and the Markdown lexer): browsers never validate,
 * they render what the area's server already checked.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { z } from 'zod';
import type { AreaModelBase } from './declare';
import { CONTENT_AREAS } from './declare';
import { textFieldProblem } from '../schemas/text-rules';
import { DEFAULT_MAX_LENGTH } from './fields';
import { CONTENT_MODEL_FORMAT, modelToJson, type ContentModelJson, type FieldJson } from './json';

export interface EntryIssue {
  /** The field, dotted for lists: "presenters.0.name"; "slug" for the entry's slug. */
  readonly path: string;
  readonly message: string;
}

export type EntryCheck =
  | { readonly ok: true; readonly slug: string; readonly data: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly issues: readonly EntryIssue[] };

export interface ContentValidator {
  readonly model: ContentModelJson;
  /**
   * Checks an entry's slug and data against its type. Fields the type does not declare are
   * dropped; an empty optional text is left out. An unknown type is refused.
   */
  checkEntry(type: string, entry: { readonly slug: unknown; readonly data: unknown }): EntryCheck;
}

// ---- The model document itself (read from a remote over HTTP, so checked too) ----

const fieldJson: z.ZodType<FieldJson> = z.lazy(() =>
  z
    .object({
      name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
      kind: z.enum([
        'text',
        'longText',
        'markdown',
        'slug',
        'date',
        'dateTime',
        'url',
        'email',
        'number',
        'boolean',
        'select',
        'image',
        'coordinates',
        'reference',
        'list',
      ]),
      label: z.string().min(1),
      help: z.string().optional(),
      optional: z.boolean().optional(),
      maxLength: z.number().int().positive().optional(),
      sitePaths: z.boolean().optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      integer: z.boolean().optional(),
      options: z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).optional(),
      widths: z.array(z.number().int().positive()).optional(),
      to: z.string().optional(),
      of: z.array(fieldJson).optional(),
      itemLabel: z.string().optional(),
      minItems: z.number().int().nonnegative().optional(),
      maxItems: z.number().int().positive().optional(),
    })
    .superRefine((value, context) => {
      const needs: Partial<Record<string, readonly string[]>> = {
        select: ['options'],
        image: ['widths'],
        reference: ['to'],
        list: ['of', 'itemLabel'],
      };
      for (const key of needs[value.kind] ?? []) {
        if (value[key as keyof typeof value] === undefined)
          context.addIssue({ code: 'custom', message: `A ${value.kind} field needs "${key}"` });
      }
    }),
) as unknown as z.ZodType<FieldJson>;

const modelJsonSchema = z.object({
  format: z.literal(CONTENT_MODEL_FORMAT),
  area: z.enum(CONTENT_AREAS),
  types: z.array(
    z.object({
      name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
      label: z.string().min(1),
      plural: z.string().min(1),
      help: z.string().optional(),
      titleField: z.string(),
      slugFrom: z.string(),
      fields: z.array(fieldJson),
    }),
  ),
});

/** The model JSON a remote published, checked; throws with the reasons when it is not one. */
export function parseModelJson(json: unknown): ContentModelJson {
  const result = modelJsonSchema.safeParse(json);
  if (!result.success) throw new Error(`Not a content model: ${z.prettifyError(result.error)}`);
  return result.data as ContentModelJson;
}

// ---- Field rules ----

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ID = /^[A-Za-z0-9_-]{1,100}$/;
const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** A path of this site: one leading slash, no spaces or backslashes. */
const isSitePath = (value: string) => /^\/(?!\/)[^\s\\]*$/.test(value);

/**
 * What the Markdown would do that the site never lets it: raw HTML (a script, an iframe, an
 * event handler) or a link that is not http(s), mailto, tel, a site path or an anchor
 * (javascript:, data:, vbscript:). The renderer's sanitiser removes both anyway; refusing them
 * here tells the editor why, instead of publishing something else than was typed.
 */
function markdownProblems(markdown: string): string[] {
  const problems = new Set<string>();
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'html') problems.add('HTML is not allowed in Markdown: use Markdown only.');
      if (token.type === 'link' || token.type === 'image') {
        const href = (token as Tokens.Link | Tokens.Image).href.trim();
        if (!SAFE_LINK.test(href))
          problems.add(`The link "${href.slice(0, 60)}" is not allowed: use an http(s), mailto or tel address.`);
      }
      const nested = token as { tokens?: Token[]; items?: Tokens.ListItem[] };
      if (nested.tokens) visit(nested.tokens);
      if (nested.items) visit(nested.items);
    }
  };
  visit(new Lexer().lex(markdown));
  return [...problems];
}

/**
 * Control characters (NUL, ESC...) and text-direction overrides are refused by the forms' own rule
 * (text-rules.ts), so an entry holds nothing a form would refuse and none of them reaches a page.
 * Only multi-line text keeps tabs and line breaks.
 */
const plainCharacters = (field: FieldJson, multiline: boolean) => (value: string, context: z.RefinementCtx) => {
  const problem = textFieldProblem({ type: multiline ? 'textarea' : 'text', label: field.label }, value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
};

const trimmed = (field: FieldJson, max: number, multiline: boolean) =>
  z
    .string({ error: 'Enter text.' })
    .trim()
    .min(1, { error: `Enter ${field.label.toLowerCase()}.` })
    .max(max, { error: `Use at most ${max} characters.` })
    .superRefine(plainCharacters(field, multiline));

function fieldSchema(field: FieldJson): z.ZodType {
  switch (field.kind) {
    case 'text':
      return trimmed(field, field.maxLength ?? DEFAULT_MAX_LENGTH.text, false);
    case 'longText':
      return trimmed(field, field.maxLength ?? DEFAULT_MAX_LENGTH.longText, true);
    case 'markdown':
      return trimmed(field, field.maxLength ?? DEFAULT_MAX_LENGTH.markdown, true).superRefine((value, context) => {
        for (const message of markdownProblems(value)) context.addIssue({ code: 'custom', message });
      });
    case 'slug':
      return z
        .string({ error: 'Enter a slug.' })
        .max(80, { error: 'Use at most 80 characters.' })
        .regex(SLUG, { error: 'Use lower-case letters, digits and single hyphens, e.g. "spring-2026-showcase".' });
    case 'date':
      return z.string({ error: 'Enter a date.' }).refine(isCalendarDay, { error: 'Enter a date as YYYY-MM-DD.' });
    case 'dateTime':
      return z.object(
        {
          at: z.iso.datetime({ offset: true, error: 'Enter a date and time with its offset from UTC.' }),
          timeZone: z.string().refine(isTimeZone, { error: 'Choose a time zone such as America/Los_Angeles.' }),
        },
        { error: 'Enter a date, a time and a time zone.' },
      );
    case 'url':
      return z
        .string({ error: 'Enter an address.' })
        .trim()
        .max(2000, { error: 'Use at most 2000 characters.' })
        .refine((value) => isHttpUrl(value) || (field.sitePaths === true && isSitePath(value)), {
          error: field.sitePaths
            ? 'Enter an address starting with https:// or a path of this site starting with /.'
            : 'Enter an address starting with https://.',
        });
    case 'email':
      return z
        .string({ error: 'Enter an email address.' })
        .trim()
        .pipe(z.email({ error: 'Enter a valid email address.' }));
    case 'number': {
      let schema = z.number({ error: 'Enter a number.' });
      if (field.integer) schema = schema.int({ error: 'Enter a whole number.' });
      if (field.min !== undefined) schema = schema.min(field.min, { error: `Enter ${field.min} or more.` });
      if (field.max !== undefined) schema = schema.max(field.max, { error: `Enter ${field.max} or less.` });
      return schema;
    }
    case 'boolean':
      return z.boolean({ error: 'Choose yes or no.' });
    case 'select': {
      const values = field.options.map((option) => option.value);
      return z.enum(values as [string, ...string[]], {
        error: `Choose one of: ${field.options.map((option) => option.label).join(', ')}.`,
      });
    }
    case 'image': {
      const size = z.number().int().positive().max(20_000);
      const alt = z
        .string({ error: 'Describe the image for people who cannot see it.' })
        .trim()
        .min(1, { error: 'Describe the image for people who cannot see it.' })
        .max(300, { error: 'Use at most 300 characters.' })
        .superRefine(plainCharacters({ ...field, label: 'The description' }, false));
      return z.union(
        [
          z.object({ id: z.string().regex(ID), alt, width: size, height: size }),
          z.object({
            src: z.string().refine((value) => isHttpUrl(value) || isSitePath(value)),
            alt,
            width: size,
            height: size,
          }),
        ],
        { error: 'Upload an image and describe it.' },
      );
    }
    case 'coordinates':
      return z.object(
        {
          lat: z.number().min(-90, { error: 'Latitude is between -90 and 90.' }).max(90, {
            error: 'Latitude is between -90 and 90.',
          }),
          lng: z.number().min(-180, { error: 'Longitude is between -180 and 180.' }).max(180, {
            error: 'Longitude is between -180 and 180.',
          }),
        },
        { error: 'Enter a latitude and a longitude.' },
      );
    case 'reference':
      return z.string({ error: 'Choose an entry.' }).regex(ID, { error: 'Choose an entry.' });
    case 'list': {
      let schema = z.array(objectSchema(field.of), { error: `Add the ${field.itemLabel.toLowerCase()}s as a list.` });
      if (field.minItems !== undefined)
        schema = schema.min(field.minItems, { error: `Add at least ${field.minItems}.` });
      if (field.maxItems !== undefined)
        schema = schema.max(field.maxItems, { error: `Add at most ${field.maxItems}.` });
      return schema;
    }
  }
}

/** Empty text in an optional field means "not given". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function objectSchema(fields: readonly FieldJson[]): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const schema = fieldSchema(field);
    shape[field.name] = field.optional ? z.preprocess(blankToUndefined, schema.optional()) : schema;
  }
  return z.object(shape, { error: 'Expected an object of fields.' });
}

const slugSchema = fieldSchema({ name: 'slug', kind: 'slug', label: 'Slug' });

function issuesOf(error: z.ZodError, prefix: string[] = []): EntryIssue[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

export function validatorFromModelJson(json: unknown): ContentValidator {
  const model = parseModelJson(json);
  const types = new Map(model.types.map((type) => [type.name, objectSchema(type.fields)]));
  return {
    model,
    checkEntry(type, entry) {
      const schema = types.get(type);
      if (!schema)
        return { ok: false, issues: [{ path: 'type', message: `The ${model.area} area has no "${type}" content.` }] };
      const slug = slugSchema.safeParse(entry.slug);
      const data = schema.safeParse(entry.data);
      const issues = [
        ...(slug.success ? [] : issuesOf(slug.error, ['slug'])),
        ...(data.success ? [] : issuesOf(data.error)),
      ];
      if (issues.length > 0 || !slug.success || !data.success) return { ok: false, issues };
      return { ok: true, slug: slug.data as string, data: data.data };
    },
  };
}

/** A remote's own validator: its declaration, through the same JSON the API reads. */
export function validatorForModel(model: AreaModelBase): ContentValidator {
  return validatorFromModelJson(JSON.parse(JSON.stringify(modelToJson(model))));
}
