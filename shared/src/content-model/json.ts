/**
 * The content model as JSON: what a remote's build writes to dist/content-model.json and its
 * server answers at /content-model.json. The API reads it from the remote's origin at run time
 * and checks entries with `validatorFromModelJson` (validate.ts), so a new optional field is live
 * once the remote is redeployed, with no API or shell build. Fields keep their declared order,
 * which is the editor's.
 */
import type { AreaModelBase, ContentArea } from './declare';
import type { Field, Fields, ListField } from './fields';

/** Raised when the JSON's shape changes in a way an older reader would misread. */
export const CONTENT_MODEL_FORMAT = 1;

export type FieldJson = { readonly name: string } & (
  Exclude<Field, ListField> | (Omit<ListField, 'of'> & { readonly of: readonly FieldJson[] })
);

export interface ContentTypeJson {
  readonly name: string;
  readonly label: string;
  readonly plural: string;
  readonly help?: string;
  readonly titleField: string;
  readonly slugFrom: string;
  readonly fields: readonly FieldJson[];
}

export interface ContentModelJson {
  readonly format: typeof CONTENT_MODEL_FORMAT;
  readonly area: ContentArea;
  readonly types: readonly ContentTypeJson[];
}

function fieldsToJson(fields: Fields): FieldJson[] {
  return Object.entries(fields).map(([name, field]) =>
    field.kind === 'list' ? { name, ...field, of: fieldsToJson(field.of) } : { name, ...field },
  );
}

export function modelToJson(model: AreaModelBase): ContentModelJson {
  return {
    format: CONTENT_MODEL_FORMAT,
    area: model.area,
    types: Object.entries(model.types).map(([name, type]) => ({
      name,
      label: type.label,
      plural: type.plural,
      ...(type.help ? { help: type.help } : {}),
      titleField: type.titleField,
      slugFrom: type.slugFrom,
      fields: fieldsToJson(type.fields),
    })),
  };
}
