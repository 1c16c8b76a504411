/**
 * The forms in words and by example, for readers of the API's contract (its OpenAPI document):
 * what the shared text rules (text-rules.ts) ask of a typed field, which JSON Schema cannot say,
 * and a body of each form that the API accepts.
 */
import { FORMS, type FormId } from './definitions';
import { isMultiline, type TextField } from './text-rules';

/** What the shared text rules ask of a typed field, in words. */
export function fieldDescription(field: TextField): string {
  const characters = isMultiline(field)
    ? 'Tabs and line breaks are allowed; other control characters and text-direction overrides are not.'
    : 'One line: no control characters, line breaks or text-direction overrides.';
  const visible = field.required ? ' Needs at least one letter, digit, punctuation mark or symbol.' : '';
  return `${field.label}. Trimmed before its length is checked. ${characters}${visible}`;
}

/** Sample values for the examples, by field name (sample content, not real people). */
const EXAMPLE_TEXT: Readonly<Record<string, string>> = {
  pageName: 'feedback',
  firstName: 'Maria',
  lastName: 'Hernández',
  email: 'maria.hernandez@example.org',
  organization: 'Ridge Valley Fire Safe Council',
  role: 'Volunteer coordinator',
  zipCode: '95969',
  zip: '95969',
  message: 'We would like to run the scorecard with our council this spring.',
  links: 'https://example.org/evacuation-map.pdf',
};

/** A body of one form that the API accepts: every field with a sample value, the first flag ticked. */
export function exampleBody(id: FormId, multipart: boolean): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  const flags = FORMS[id].fields.filter((field) => field.type === 'checkbox');
  for (const field of FORMS[id].fields) {
    if (field.type === 'files') continue;
    if (field.type === 'checkbox') {
      const ticked = field === flags[0];
      body[field.name] = multipart ? String(ticked) : ticked;
      continue;
    }
    const value = EXAMPLE_TEXT[field.name];
    if (value !== undefined) body[field.name] = value;
    else if (field.required) throw new Error(`The example of ${id} has no value for ${field.name}.`);
  }
  return body;
}
