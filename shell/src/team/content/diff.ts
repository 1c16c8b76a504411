import type { FieldJson } from '@wpc/shared/content-model';

/** One field that differs between two versions of an entry, as text for people. */
export interface FieldChange {
  readonly field: string;
  readonly label: string;
  readonly before: string;
  readonly after: string;
}

/** A value as a person reads it in a diff: text as it is, anything else as compact JSON. */
export function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
}

/** The declared fields (and the slug) whose values differ, in the declaration's order. */
export function fieldDiff(
  fields: readonly FieldJson[],
  before: { readonly slug: string; readonly data: Readonly<Record<string, unknown>> },
  after: { readonly slug: string; readonly data: Readonly<Record<string, unknown>> },
): FieldChange[] {
  const changes: FieldChange[] = [];
  if (before.slug !== after.slug)
    changes.push({ field: 'slug', label: 'Slug', before: before.slug, after: after.slug });
  for (const field of fields) {
    const a = before.data[field.name];
    const b = after.data[field.name];
    if (JSON.stringify(a) !== JSON.stringify(b))
      changes.push({ field: field.name, label: field.label, before: shown(a), after: shown(b) });
  }
  return changes;
}

/** An issue's path ("presenters.0.name") as the id of the input it belongs to. */
export const inputId = (path: string) => `content-field-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
