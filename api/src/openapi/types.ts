import type { JsonSchema } from './json-schema';

// The parts of an OpenAPI 3.1 document this API uses.
export interface Reference {
  readonly $ref: string;
}
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
export interface ParameterObject {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path';
  readonly description: string;
  readonly required?: boolean;
  readonly schema: JsonSchema;
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
export type HttpMethod = 'get' | 'post';
export type PathItemObject = Partial<Record<HttpMethod, OperationObject>>;
