import { defineContentType, type ContentType, type Fields } from '@wpc/shared/content-model';

/** A content type of the tests' own whose entries are named and slugged by their `title` field. */
export function titledType<const F extends Fields & { readonly title: Fields[string] }>(
  label: string,
  plural: string,
  fields: F,
): ContentType<F> {
  return defineContentType({ label, plural, titleField: 'title', slugFrom: 'title', fields });
}
