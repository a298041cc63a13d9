import * as v from 'valibot';
import type { GenericSchema } from 'valibot';

/**
 * One contract per endpoint (issue 41.2, decision 095): what it reads (JSON body, query
 * parameters) and what it answers. The same objects are read by the middleware (unknown or
 * malformed query parameters answer 422), by the endpoints and services (they parse `body`), by
 * the OpenAPI document (`src/server/openapi/openapi-document.ts`), by the islands' `api()` (types
 * only, nothing reaches the bundles) and by the integration tests' client, which checks every
 * JSON answer against the document.
 */

/** Media types of file answers (downloads). */
export type FileMedia =
  | 'text/csv'
  | 'application/pdf'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'text/calendar'
  | 'text/markdown'
  | 'image/jpeg'
  | 'image/png'
  | 'image/webp'
  | 'image/svg+xml'
  | 'application/zip'
  | 'application/json'
  | 'application/octet-stream';

/** Refusals an endpoint may answer beyond the ones its route implies (401/403 signed-in, 404 with a path id, 422 with input). */
export type ExtraRefusal = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 423 | 429 | 502 | 503;

/** Query parameters: strings on the wire, each one described (an unlisted name answers 422). */
export type QuerySchema = v.ObjectSchema<v.ObjectEntries, undefined>;

export interface ApiContract {
  /** The JSON body the endpoint or its service parses (the same schema object). */
  readonly body?: GenericSchema;
  /** Every query parameter the endpoint reads; none when absent. */
  readonly query?: QuerySchema;
  /**
   * Another system writes this URL (an OpenID provider's redirect back, which may add parameters
   * of its own): parameters the query does not list are let through instead of answering 422.
   */
  readonly openQuery?: true;
  /** The JSON answer on success; absent for a file (`files`) or an empty answer (204, redirects). */
  readonly answer?: GenericSchema;
  /** A file answer: its media types. */
  readonly files?: readonly FileMedia[];
  /** The success status: 200 unless said (creates answer 201). */
  readonly status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** Another success status answering the same shape (an idempotent create answers 200 when already done). */
  readonly alsoStatus?: 200;
  readonly errors?: readonly ExtraRefusal[];
  /** One line for the document. */
  readonly summary?: string;
}

/** Declares a contract, keeping its exact type for `api()` and `answer()`. */
export function contract<const C extends ApiContract>(definition: C): C {
  return definition;
}

/** The JSON answer of a contract (what `api()` resolves to, what the endpoint must write). */
export type AnswerOf<C> = C extends { answer: infer A extends GenericSchema } ? v.InferOutput<A> : C extends { status: 204 } ? undefined : unknown;
/** The JSON body of a contract as the client sends it. */
export type BodyOf<C> = C extends { body: infer B extends GenericSchema } ? v.InferInput<B> : undefined;
/** The query of a contract as the client gives it (numbers and booleans are written as text). */
export type QueryOf<C> = C extends { query: infer Q extends QuerySchema } ? { [K in keyof v.InferInput<Q>]?: string | number | boolean | null | undefined } : never;

// ---- Answer shapes shared by many endpoints ----

/** A list: one page of records and the count of all that match. */
export const listOf = <S extends GenericSchema>(item: S) => v.object({ data: v.array(item), total: v.number() });
/** A read: the one record. */
export const readOf = <S extends GenericSchema>(item: S) => v.object({ data: item });
/** A create or update: the record as saved and the translated confirmation. */
export const savedOf = <S extends GenericSchema>(item: S) => v.object({ data: item, message: v.string() });
/** An action that only confirms, with a translated message. */
export const MessageAnswer = v.object({ message: v.string() });

// ---- Query parameter shapes ----
// The middleware refuses a name the contract does not list; values are read by the service as
// before (a list clamps a page out of range rather than failing, decision 005), so these shapes
// document the values: text on the wire, described with their JSON type.

/** A whole number, documented as an integer. */
export const queryInteger = v.pipe(v.string(), v.metadata({ type: 'integer', minimum: 0 }));
/** A record id. */
export const queryId = v.pipe(v.string(), v.metadata({ type: 'integer', minimum: 1 }));
/** A calendar day, YYYY-MM-DD. */
export const queryDate = v.pipe(v.string(), v.isoDate());
/** A month, YYYY-MM. */
export const queryMonth = v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/), v.metadata({ examples: ['2026-03'] }));
/** A choice among fixed words. */
export const queryChoice = <const T extends readonly [string, ...string[]]>(options: T) => v.picklist(options);
/** Free text (a search). */
export const queryText = v.pipe(v.string(), v.maxLength(200));
/** `true` or `false`. */
export const queryBoolean = v.picklist(['true', 'false', '1', '0']);
/** Page, page size, search and sort of a list. */
export const listQuery = {
  q: v.optional(queryText),
  page: v.optional(queryInteger),
  pageSize: v.optional(queryInteger),
  sort: v.optional(v.string()),
  dir: v.optional(v.picklist(['asc', 'desc'])),
} as const;
