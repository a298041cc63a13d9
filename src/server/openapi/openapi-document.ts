import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import type { GenericSchema } from 'valibot';
import type { ApiContract } from '../../domain/api/contract.ts';
import { contractOf } from '../../domain/api/contracts/index.ts';
import { API_ROUTES, type ApiRoute } from '../../domain/routing/api-table.ts';
import { REQUEST_BODIES } from './request-schemas.ts';

/**
 * The OpenAPI 3.1 document of the JSON API (issue 22 point 5, decisions 057 and 095), generated
 * from the one API table (every route, its authority as `x-authority`) and each endpoint's
 * contract (`src/domain/api/contracts/`): its body, query parameters, answer and refusals, the
 * valibot schemas converted with @valibot/to-json-schema. A route without a contract yet is
 * described generically (`REQUEST_BODIES`, `{data, total}` lists).
 */

type Json = Record<string, unknown>;

/** The document's path for a table pattern: every `{id}` after the first is named after its segment (`photos/{photoId}`). */
export function openApiPath(pattern: string): string {
  let seen = 0;
  return pattern.replace(/([^/]+)\/\{id\}/g, (_, segment: string) => (seen++ === 0 ? `${segment}/{id}` : `${segment}/{${segment.replace(/s$/, '')}Id}`));
}

/** The tag of a route: its first segment under `/api` (`/api/leave-types/{id}` -> `leave-types`). */
export function openApiTag(pattern: string): string {
  return (pattern.split('/')[2] ?? 'api').replace(/\.json$/, '');
}

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a valibot schema; checks it cannot express are left out. */
function jsonSchema(schema: GenericSchema): Json {
  // A leading `custom` guard (refusing JSON arrays) says nothing a document can: describe what follows it.
  const pipe = (schema as { pipe?: GenericSchema[] }).pipe;
  if (pipe && pipe[0]?.type === 'custom' && pipe[1]?.kind === 'schema') return jsonSchema(v.pipe(...(pipe.slice(1) as [GenericSchema])));
  const { $schema: _, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'ignore', typeMode: 'input' }) as Json;
  return rest;
}

function requestSchema(key: string): Json | undefined {
  const entry = REQUEST_BODIES[key];
  if (entry) return 'anyOf' in entry ? { anyOf: entry.anyOf.map(jsonSchema) } : jsonSchema(entry);
  return undefined;
}

const LIST_QUERY = [
  { name: 'q', in: 'query', required: false, schema: { type: 'string' }, description: 'Search text' },
  { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
  { name: 'pageSize', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
];

const ERRORS = {
  '401': { $ref: '#/components/responses/Unauthenticated' },
  '403': { $ref: '#/components/responses/Forbidden' },
  '404': { $ref: '#/components/responses/NotFound' },
  '422': { $ref: '#/components/responses/Invalid' },
};

const FILE_SCHEMA = { type: 'string', contentMediaType: 'application/octet-stream' };

/** The query parameters of a contract, one per entry of its query schema. */
function queryParameters(contract: ApiContract): Json[] {
  if (!contract.query) return [];
  return Object.entries(contract.query.entries).map(([name, entry]) => {
    const optional = entry.type === 'optional';
    const inner = optional ? (entry as unknown as { wrapped: GenericSchema }).wrapped : entry;
    const schema = jsonSchema(inner);
    const description = schema['description'];
    delete schema['description'];
    return { name, in: 'query', required: !optional, schema, ...(typeof description === 'string' ? { description } : {}) };
  });
}

/** The answers of an operation described by its contract: success, then the refusals it may answer. */
function contractResponses(route: ApiRoute, contract: ApiContract): Json {
  const status = String(contract.status ?? 200);
  const success: Json = { description: contract.summary ?? 'Success' };
  if (contract.answer) success['content'] = { 'application/json': { schema: jsonSchema(contract.answer) } };
  else if (contract.files) success['content'] = Object.fromEntries(contract.files.map((media) => [media, { schema: media === 'application/json' ? {} : { ...FILE_SCHEMA, contentMediaType: media } }]));
  const refusals: Record<string, Json> = {};
  if (!route.public) Object.assign(refusals, { '401': ERRORS['401'], '403': ERRORS['403'] });
  if (route.pattern.includes('{')) refusals['404'] = ERRORS['404'];
  // Every contract refuses an unknown query parameter (and most a malformed body) with 422.
  refusals['422'] = ERRORS['422'];
  // 401 and 403 as the signed-in routes give them (a public route lists its own, e.g. the clock's).
  for (const code of contract.errors ?? []) refusals[String(code)] = ERRORS[String(code) as keyof typeof ERRORS] ?? { $ref: `#/components/responses/${REFUSAL_NAMES[code]}` };
  return { [status]: success, ...refusals, default: { $ref: '#/components/responses/Refused' } };
}

const REFUSAL_NAMES: Record<number, string> = { 400: 'BadRequest', 404: 'NotFound', 409: 'Conflict', 410: 'Gone', 413: 'TooLarge', 423: 'Locked', 429: 'TooManyRequests', 503: 'Unavailable' };

function operation(route: ApiRoute): Json {
  const key = `${route.method} ${route.pattern}`;
  const contract = contractOf(key);
  const path = openApiPath(route.pattern);
  const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const isList = route.method === 'GET' && !route.pattern.includes('{') && API_ROUTES.some((r) => r.method === 'POST' && r.pattern === route.pattern);
  const body = contract ? (contract.body ? jsonSchema(contract.body) : undefined) : requestSchema(key);
  const authority = route.public ? 'public' : route.authority.length > 0 ? route.authority.join(', ') : 'any signed-in account';
  const op: Json = {
    operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/(^|[/.-])([a-zA-Z])/g, (_, __, c: string) => c.toUpperCase())}`,
    tags: [openApiTag(route.pattern)],
    summary: contract?.summary ?? key,
    description: `Authority: ${authority}.${route.records ? ` Records: ${route.records} (record-access policy, decision 024).` : ''}`,
    'x-authority': route.authority,
    parameters: [...params, ...(contract ? queryParameters(contract) : isList ? LIST_QUERY : [])],
    responses: contract
      ? contractResponses(route, contract)
      : {
          [route.method === 'POST' && isList ? '201' : '200']: {
            description: 'Success',
            content: { 'application/json': { schema: isList ? { $ref: '#/components/schemas/List' } : { type: 'object' } } },
          },
          ...(route.public ? {} : ERRORS),
        },
  };
  if (route.records) op['x-records'] = route.records;
  if (body) op['requestBody'] = { required: true, content: { 'application/json': { schema: body } } };
  else if (!contract && ['POST', 'PUT', 'PATCH'].includes(route.method)) op['requestBody'] = { required: false, content: { 'application/json': { schema: { type: 'object' } } } };
  // Public endpoints need no credentials; the others take any of the three.
  op['security'] = route.public ? [] : [{ apiToken: [] }, { session: [] }, { sessionCookie: [] }];
  return op;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** The whole document; the server is `/`, relative to where the document was fetched. */
export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of API_ROUTES) {
    const path = openApiPath(route.pattern);
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Jornada API',
      version,
      description:
        'JSON API of Jornada. Authenticate with `Authorization: Bearer jt_…` (an API token made in Settings › API tokens, acting with its permissions within its creator’s current ones), or a session. Errors are `{message, code, errors?}` in the language of `Accept-Language` (es, en).',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(API_ROUTES.map((r) => openApiTag(r.pattern)))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'jt_ token', description: 'An API token (decision 057).' },
        session: { type: 'http', scheme: 'bearer', description: 'The accessToken of POST /api/user/login.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'token' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['message', 'code'],
          properties: { message: { type: 'string' }, code: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } },
        },
        List: { type: 'object', required: ['data', 'total'], properties: { data: { type: 'array', items: { type: 'object' } }, total: { type: 'integer' } } },
      },
      responses: {
        Unauthenticated: errorResponse('Not signed in, or the token is unknown, expired or revoked'),
        Forbidden: errorResponse('The account or token lacks the authority'),
        NotFound: errorResponse('No such record within the account’s reach'),
        BadRequest: errorResponse('The request cannot be read'),
        Conflict: errorResponse('The record’s state does not allow it (already decided, locked period, a clash)'),
        Gone: errorResponse('The link or code has expired or was already used'),
        TooLarge: errorResponse('The request is too large'),
        Locked: errorResponse('The period is closed'),
        TooManyRequests: errorResponse('Too many attempts; `Retry-After` says when to try again'),
        Unavailable: errorResponse('The server cannot do it now (a full disk, a busy database); try again later'),
        Refused: errorResponse('Any other refusal, with the same error shape'),
        Invalid: errorResponse(
          'Invalid input; `errors` names the fields. Any text in a JSON body must be well-formed Unicode without control characters other than tab, LF and CR (`errors.textNotWellFormed`, `errors.textControlCharacter`).',
        ),
      },
    },
  };
}

let cached: string | undefined;

/** The document as JSON text, built once per process (it depends only on the build). */
export function openApiJson(version: string): string {
  cached ??= JSON.stringify(openApiDocument(version));
  return cached;
}
