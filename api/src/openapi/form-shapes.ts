/**
 * The form shapes the API takes, as JSON Schema from the zod schemas the routes validate with
 * (@wpc/shared/schemas), each field described and each shape with an example the API accepts
 * (@wpc/shared/form-examples): JSON, the feedback form's multipart, and each form as the browser
 * posts it without scripts.
 */
import { exampleBody, fieldDescription } from '@wpc/shared/form-examples';
import {
  ENDPOINT_FORMS,
  ENDPOINT_KINDS,
  FORMS,
  formSchema,
  HONEYPOT_FIELD,
  type EndpointKind,
  type FormId,
} from '@wpc/shared/schemas';
import { requestSchema } from './json-schema';
import type { JsonSchema, Reference } from './types';

const ref = (name: string): Reference => ({ $ref: `#/components/schemas/${name}` });

/** One form shape as JSON Schema, with each field described and an example. */
function formBodySchema(id: FormId, multipart: boolean): JsonSchema {
  const schema = requestSchema(formSchema(id, { multipart }));
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const field of FORMS[id].fields) {
    const property = properties[field.name];
    if (!property) continue;
    property.description = field.type === 'checkbox' ? `${field.label} (default false).` : fieldDescription(field);
  }
  if (properties.scorecardForm) properties.scorecardForm.description = 'Sent from a scorecard page.';
  if (properties[HONEYPOT_FIELD]) {
    properties[HONEYPOT_FIELD].description =
      'Leave empty: a value marks the sender as a bot (answered 200, nothing stored).';
  }
  return { title: FORMS[id].title, ...schema, examples: [exampleBody(id, multipart)] };
}

/**
 * The body of one endpoint, by reference to its form shapes. Where an endpoint takes two
 * (subscribe, contact), a body with a `zip` key is read as the scorecard page's shape and any
 * other as the pop-up's (formForBody), so the pop-up shape excludes `zip`.
 */
export function endpointBodySchema(kind: EndpointKind): JsonSchema | Reference {
  const variants = ENDPOINT_FORMS[kind];
  if (variants.length === 1) return ref(schemaName(variants[0]!));
  return {
    anyOf: variants.map((id) =>
      FORMS[id].fields.some((field) => field.name === 'zip')
        ? ref(schemaName(id))
        : { ...ref(schemaName(id)), not: { required: ['zip'] } },
    ),
  };
}

export function schemaName(id: FormId, multipart = false): string {
  return `${id[0]!.toUpperCase()}${id.slice(1)}Form${multipart ? 'Multipart' : ''}`;
}

const FORM_IDS = Object.keys(FORMS) as FormId[];
export const formPostName = (id: FormId) => `${id[0]!.toUpperCase()}${id.slice(1)}FormPost`;

/** Every form shape, under its name in the document's components. */
export function formShapes(maxFiles: number): Record<string, JsonSchema> {
  const shapes: Record<string, JsonSchema> = {};
  for (const kind of ENDPOINT_KINDS) {
    for (const id of ENDPOINT_FORMS[kind]) shapes[schemaName(id)] = formBodySchema(id, false);
    const first = ENDPOINT_FORMS[kind][0]!;
    if (FORMS[first].multipart) shapes[schemaName(first, true)] = multipartSchema(first, maxFiles);
  }
  for (const id of FORM_IDS) {
    shapes[formPostName(id)] = { title: FORMS[id].title, ...requestSchema(formSchema(id, { multipart: true })) };
  }
  return shapes;
}

/** The feedback form as multipart/form-data: its fields as text parts, flags as "true"/"false", and the files. */
function multipartSchema(id: FormId, maxFiles: number): JsonSchema {
  const schema = formBodySchema(id, true);
  const properties = schema.properties as Record<string, JsonSchema>;
  properties.files = {
    type: 'array',
    maxItems: maxFiles,
    description: `Up to ${maxFiles} files.`,
    items: { type: 'string', contentMediaType: 'application/octet-stream' },
  };
  return schema;
}
