import type { z } from 'zod';
import type { HeaderObject, JsonSchema, Reference } from './openapi-types';

/** A request or answer schema with its name in the OpenAPI document's components. */
export interface Named<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly schema: S;
  /** Requests only: values the API accepts, shown in the document and sent by the contract fuzzer. */
  readonly examples?: readonly z.input<S>[];
}

/** The running limits, as the document's texts state them. */
export interface LimitTexts {
  readonly jsonKb: number;
  readonly fileMb: number;
  readonly maxFiles: number;
  readonly rateLimitText: string;
}

/** A text of the document, or one made from the running limits. */
export type Text = string | ((limits: LimitTexts) => string);

/** An answer the whole document shares (its components' responses). */
export type SharedAnswer =
  | 'BadRequest'
  | 'RequestTimeout'
  | 'PayloadTooLarge'
  | 'UnsupportedMediaType'
  | 'TooManyRequests'
  | 'InternalError'
  | 'ServiceUnavailable';

/**
 * One documented answer: JSON of a named schema (or of a schema the document already holds), a
 * file (its media types, named in Content-Disposition), a body of other media types, or none;
 * the shared error shape when it names nothing.
 */
export interface Answer {
  readonly description: Text;
  readonly schema?: Named;
  /** JSON of this schema or reference, for shapes the document builds itself (the form shapes). */
  readonly json?: JsonSchema | Reference;
  readonly attachment?: readonly string[];
  /** A body of these media types (an image, a feed) instead of JSON. */
  readonly media?: readonly string[];
  /** No body at all (204, 303, 304). */
  readonly empty?: true;
  /** Each answer header: what it says (a string), or its whole object. */
  readonly headers?: Readonly<Record<string, string | HeaderObject | Reference>>;
}

/** A parameter besides the path's and the checked query's: a header, one of the document's shared parameters, or a query read by the handler. */
export type ExtraParameter =
  | { readonly header: string; readonly description: string; readonly pattern?: string }
  | { readonly shared: string }
  /** Query parameters the handler reads itself (a refused one is its own answer, not the router's 400). */
  | { readonly query: z.ZodType };

/** A request body of several media types, each a named zod schema or a schema the document holds. */
export interface RequestBody {
  readonly description?: string;
  readonly content: Readonly<Record<string, Named | JsonSchema | Reference>>;
}

/**
 * What every route declares for its router and its OpenAPI operation alike (Ghost's endpoint
 * objects): the console's routes (team/console-route.ts) and the open ones (public-route.ts) add
 * how they are reached and their handler.
 */
export interface RouteDeclaration<Q extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST';
  /** With Express parameters (":submissionId"); the console's under TEAM_API. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: Text;
  /** The document's tags; a console route's default to ['team']. */
  readonly tags?: readonly string[];
  /** Each path parameter, with what it names: an id of ID_PATTERN, or of the pattern (or values) given. */
  readonly params?: Readonly<
    Record<
      string,
      string | { readonly description: string; readonly pattern?: string; readonly enum?: readonly string[] }
    >
  >;
  readonly query?: Q;
  readonly parameters?: readonly ExtraParameter[];
  /** The 400's message when the query or body is refused. */
  readonly invalid?: string;
  readonly answers: Readonly<Record<number, Answer | SharedAnswer>>;
}
