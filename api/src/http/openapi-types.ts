/** The parts of an OpenAPI 3.1 document this API uses (operations.ts makes them from the declared routes). */

/** A JSON Schema (2020-12) object, as OpenAPI 3.1 takes it. */
export type JsonSchema = { [keyword: string]: unknown };

export interface Reference {
  readonly $ref: string;
}
/** A reference to one of the document's components. */
export const ref = (kind: 'schemas' | 'responses' | 'headers' | 'parameters', name: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
});
export interface HeaderObject {
  readonly description: string;
  readonly required?: boolean;
  readonly schema: JsonSchema;
}
export interface MediaTypeObject {
  readonly schema: JsonSchema | Reference;
}
export interface ResponseObject {
  readonly description: string;
  readonly headers?: Record<string, HeaderObject | Reference>;
  readonly content?: Record<string, MediaTypeObject>;
}
export interface ParameterObject extends HeaderObject {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path';
}
export interface OperationObject {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly parameters?: readonly (ParameterObject | Reference)[];
  readonly requestBody?: { readonly required: boolean; readonly content: Record<string, MediaTypeObject> };
  readonly responses: Record<string, ResponseObject | Reference>;
  readonly security?: readonly Record<string, readonly string[]>[];
}
export type PathItemObject = Partial<Record<'get' | 'post', OperationObject>>;
