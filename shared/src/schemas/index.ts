import { z } from 'zod';
import {
  ENDPOINT_FORMS,
  FORMS,
  HONEYPOT_FIELD,
  type EndpointKind,
  type FieldDefinition,
  type FormDefinition,
  type FormId,
} from './definitions';
import { textFieldProblem } from './text-rules';

export * from './definitions';

export interface SchemaOptions {
  /** multipart bodies carry flags as the strings "true"/"false". */
  readonly multipart?: boolean;
}

const strictBoolean = z.boolean();
const multipartBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

/** Control characters, bidi overrides and (for required fields) nothing visible: one issue naming the field. */
function characterRules(field: FieldDefinition) {
  return (value: string, context: z.RefinementCtx) => {
    const problem = textFieldProblem(field, value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  };
}

function fieldSchema(field: FieldDefinition, options: SchemaOptions): z.ZodType | undefined {
  switch (field.type) {
    case 'checkbox':
      return (options.multipart ? multipartBoolean : strictBoolean).default(false);
    case 'files':
      return undefined; // files arrive through the upload handler, not the body
    case 'email':
      return z
        .string({ error: 'Enter your email address.' })
        .trim()
        .max(field.maxLength ?? 254, `Use at most ${field.maxLength} characters.`)
        .superRefine(characterRules(field))
        .pipe(z.email({ error: 'Enter a valid email address.' }));
    default: {
      const max = field.maxLength ?? 5000;
      let text = z
        .string({ error: `${field.label} must be text.` })
        .trim()
        .max(max, `Use at most ${max} characters.`)
        .superRefine(characterRules(field));
      if (field.minLength)
        text = text.min(field.minLength, `${field.label} needs at least ${field.minLength} characters.`);
      return field.required ? text : text.optional();
    }
  }
}

// Building a zod object (and the parser zod compiles for it) costs far more than parsing
// with it, and the API parses on every request: build each form's schema once per mode.
const schemaCache = new WeakMap<FormDefinition, { json?: FormSchema; multipart?: FormSchema }>();

type FormSchema = ReturnType<typeof buildFormSchema>;

/** The zod schema of one form: unknown keys are dropped, flags default to false. */
export function formSchema(form: FormDefinition | FormId, options: SchemaOptions = {}): FormSchema {
  const definition = typeof form === 'string' ? FORMS[form] : form;
  const mode = options.multipart ? 'multipart' : 'json';
  let cached = schemaCache.get(definition);
  if (!cached) schemaCache.set(definition, (cached = {}));
  return (cached[mode] ??= buildFormSchema(definition, options));
}

function buildFormSchema(definition: FormDefinition, options: SchemaOptions) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of definition.fields) {
    const schema = fieldSchema(field, options);
    if (schema) shape[field.name] = schema;
  }
  if (definition.scorecardAware) {
    shape.scorecardForm = (options.multipart ? multipartBoolean : strictBoolean).optional();
  }
  shape[HONEYPOT_FIELD] = z.string().max(500).optional();
  return z.object(shape);
}

export type Submission = Record<string, string | boolean | undefined>;

/**
 * Which of an endpoint's form shapes a body is: subscribe and contact each accept a pop-up
 * shape (zipCode) and a scorecard-page shape (zip).
 */
export function formForBody(kind: EndpointKind, body: unknown): FormId {
  const candidates = ENDPOINT_FORMS[kind];
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  const match = candidates.find((id) =>
    FORMS[id].fields.some((field) => field.name === 'zip') ? keys.includes('zip') : false,
  );
  return match ?? candidates[0]!;
}

export type ParseResult =
  | { readonly ok: true; readonly form: FormId; readonly data: Submission; readonly honeypot: boolean }
  | { readonly ok: false; readonly form: FormId; readonly fields: Record<string, string> };

/** Validates a submission to an endpoint; on failure names every bad field. */
export function parseSubmission(kind: EndpointKind, body: unknown, options: SchemaOptions = {}): ParseResult {
  const form = formForBody(kind, body);
  const result = formSchema(form, options).safeParse(body ?? {});
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.map(String).join('.') : '_body';
      fields[key] ??= issue.message;
    }
    return { ok: false, form, fields };
  }
  const { [HONEYPOT_FIELD]: trap, ...data } = result.data as Submission;
  return { ok: true, form, data, honeypot: typeof trap === 'string' && trap.trim() !== '' };
}

export {
  assessmentShareSchema,
  parseAssessmentShare,
  type AssessmentShareData,
  type AssessmentShareResult,
} from './assessment';
