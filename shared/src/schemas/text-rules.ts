/**
 * Which characters a typed field may hold. Plain functions without zod, so the API's schemas
 * (schemas/index.ts) and the browser forms apply exactly the same rules.
 */

/**
 * What the rules read of a field. definitions.ts's FieldDefinition has these and more; it
 * re-exports these rules, so they do not import it back.
 */
export interface TextField {
  readonly type: string;
  readonly label: string;
  readonly required?: boolean;
}

/** C0 controls (NUL, ESC...), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is what this rule is for
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, less tab, line feed and carriage return (browsers send textarea lines as CRLF). */
// eslint-disable-next-line no-control-regex -- matching control characters is what this rule is for
const CONTROL_BUT_TAB_OR_NEWLINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Bidi embeddings, overrides and isolates: they reorder how the text around them is shown. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Unicode line and paragraph separators: line breaks that a one-line field must not hold. */
const LINE_SEPARATOR = /[\u2028\u2029]/;
/** A letter, digit, punctuation mark or symbol: something a person can see. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Fields that hold free text over several lines; every other typed field is one line. */
export function isMultiline(field: Pick<TextField, 'type'>): boolean {
  return field.type === 'textarea';
}

export function hasVisibleCharacter(value: string): boolean {
  return VISIBLE.test(value);
}

/** Whether a value holds characters its field refuses (controls, bidi overrides). */
export function hasForbiddenCharacters(field: Pick<TextField, 'type'>, value: string): boolean {
  if (BIDI_CONTROL.test(value)) return true;
  if (isMultiline(field)) return CONTROL_BUT_TAB_OR_NEWLINE.test(value);
  return CONTROL.test(value) || LINE_SEPARATOR.test(value);
}

/**
 * What is wrong with a typed value, as a sentence naming the field, or undefined when it is
 * acceptable. Length limits are checked elsewhere (maxlength/minlength and zod).
 */
export function textFieldProblem(field: TextField, value: string): string | undefined {
  if (hasForbiddenCharacters(field, value)) {
    return isMultiline(field)
      ? `${field.label} may not contain control characters other than tabs and line breaks, nor text-direction overrides.`
      : `${field.label} may not contain control characters, line breaks or text-direction overrides.`;
  }
  if (field.required && !hasVisibleCharacter(value)) return `${field.label} is required.`;
  return undefined;
}
