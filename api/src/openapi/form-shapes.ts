/**
 * The form shapes the API takes, as JSON Schema from the zod schemas the routes validate with
 * (@wpc/shared/schemas), each field described and each shape with an example the API accepts
 * (@wpc/shared/form-examples): JSON, the feedback form's multipart, and each form as the browser
 * posts it without scripts.
 */
import { exampleBody, fieldDescription } from '@wpc/shared/form-examples';
import { ENDPOINT_FORMS, ENDPOINT_KINDS, FORMS, formSchema, HONEYPOT_FIELD, type FormId } from '@wpc/shared/schemas';
import type { JsonSchema } from '../http/openapi-types';
import { schemaName } from '../routes/form-shape-names';
import { jsonSchema } from './json-schema';

/** One form shape as JSON Schema, with each field described and an example. */
function formBodySchema(id: FormId, multipart: boolean): JsonSchema {
  const schema = jsonSchema(formSchema(id, { multipart }), 'input');
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

const FORM_IDS = Object.keys(FORMS) as FormId[];

/** Every form shape, under its name in the document's components. */
export function formShapes(maxFiles: number): Record<string, JsonSchema> {
  const shapes: Record<string, JsonSchema> = {};
  for (const kind of ENDPOINT_KINDS) {
    for (const id of ENDPOINT_FORMS[kind]) shapes[schemaName(id)] = formBodySchema(id, false);
    // The feedback form as multipart/form-data: its fields as text parts, flags as "true"/"false", and the files.
    const first = ENDPOINT_FORMS[kind][0]!;
    if (!FORMS[first].multipart) continue;
    const multipart = formBodySchema(first, true);
    (multipart.properties as Record<string, JsonSchema>).files = {
      type: 'array',
      maxItems: maxFiles,
      description: `Up to ${maxFiles} files.`,
      items: { type: 'string', contentMediaType: 'application/octet-stream' },
    };
    shapes[schemaName(first, 'Multipart')] = multipart;
  }
  for (const id of FORM_IDS) {
    const posted = jsonSchema(formSchema(id, { multipart: true }), 'input');
    shapes[schemaName(id, 'Post')] = { title: FORMS[id].title, ...posted };
  }
  return shapes;
}
