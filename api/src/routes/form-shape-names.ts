/**
 * The names under which the OpenAPI document (api/src/openapi/form-shapes.ts) describes the form
 * shapes, so that a route declares its body by reference.
 */
import { ENDPOINT_FORMS, FORMS, type EndpointKind, type FormId } from '@wpc/shared/schemas';
import { ref, type JsonSchema, type Reference } from '../http/openapi-types';

/**
 * The body of one endpoint, by reference to its form shapes. Where an endpoint takes two
 * (subscribe, contact), a body with a `zip` key is read as the scorecard page's shape and any
 * other as the pop-up's (formForBody), so the pop-up shape excludes `zip`.
 */
export function endpointBodySchema(kind: EndpointKind): JsonSchema | Reference {
  const variants = ENDPOINT_FORMS[kind];
  if (variants.length === 1) return ref('schemas', schemaName(variants[0]!));
  return {
    anyOf: variants.map((id) =>
      FORMS[id].fields.some((field) => field.name === 'zip')
        ? ref('schemas', schemaName(id))
        : { ...ref('schemas', schemaName(id)), not: { required: ['zip'] } },
    ),
  };
}

/** A form shape's name: as JSON, as multipart/form-data, or as the browser posts it without scripts. */
export function schemaName(id: FormId, variant: '' | 'Multipart' | 'Post' = ''): string {
  return `${id[0]!.toUpperCase()}${id.slice(1)}Form${variant}`;
}
