import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import type { GenericSchema } from 'valibot';
import type { ApiContract } from '../../domain/api/contract.ts';
import { contractOf } from '../../domain/api/contracts/index.ts';
import { API_ROUTES, type ApiRoute } from '../../domain/routing/api-table.ts';
import { WEBHOOK_EVENTS } from '../../domain/webhooks/webhook-events.ts';
import { WEBHOOK_EVENT_SCHEMAS } from '../../domain/webhooks/webhook-payloads.ts';

/**
 * The OpenAPI 3.1 document of the JSON API (issue 22 point 5, decisions 057 and 095), generated
 * from the one API table (every route, its authority as `x-authority`) and each endpoint's
 * contract (`src/domain/api/contracts/`): its body, query parameters, answer and refusals, the
 * valibot schemas converted with @valibot/to-json-schema.
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
export function jsonSchema(schema: GenericSchema): Json {
  // A leading `custom` guard (refusing JSON arrays) says nothing a document can: describe what follows it.
  const pipe = (schema as { pipe?: GenericSchema[] }).pipe;
  if (pipe && pipe[0]?.type === 'custom' && pipe[1]?.kind === 'schema') return jsonSchema(v.pipe(...(pipe.slice(1) as [GenericSchema])));
  const { $schema: _, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'ignore', typeMode: 'input' }) as Json;
  return rest;
}

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
  const also = contract.alsoStatus === undefined ? {} : { [String(contract.alsoStatus)]: success };
  return { [status]: success, ...also, ...refusals, default: { $ref: '#/components/responses/Refused' } };
}

const REFUSAL_NAMES: Record<number, string> = { 400: 'BadRequest', 404: 'NotFound', 409: 'Conflict', 410: 'Gone', 413: 'TooLarge', 423: 'Locked', 429: 'TooManyRequests', 502: 'BadGateway', 503: 'Unavailable' };

function operation(route: ApiRoute): Json {
  const key = `${route.method} ${route.pattern}`;
  const contract = contractOf(key);
  // tests/unit/api-contracts.test.ts holds every route to a contract.
  if (!contract) throw new Error(`No contract for ${key}`);
  const path = openApiPath(route.pattern);
  const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const body = contract.body ? jsonSchema(contract.body) : undefined;
  const authority = route.public ? 'public' : route.authority.length > 0 ? route.authority.join(', ') : 'any signed-in account';
  const op: Json = {
    operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/(^|[/.-])([a-zA-Z])/g, (_, __, c: string) => c.toUpperCase())}`,
    tags: [openApiTag(route.pattern)],
    summary: contract.summary ?? key,
    description: `Authority: ${authority}.${route.records ? ` Records: ${route.records} (record-access policy, decision 024).` : ''}`,
    'x-authority': route.authority,
    parameters: [...params, ...queryParameters(contract)],
    responses: contractResponses(route, contract),
  };
  if (route.records) op['x-records'] = route.records;
  if (body) op['requestBody'] = { required: true, content: { 'application/json': { schema: body } } };
  // Public endpoints need no credentials; the others take any of the three.
  op['security'] = route.public ? [] : [{ apiToken: [] }, { session: [] }, { sessionCookie: [] }];
  return op;
}

const SIGNATURE_HEADERS = [
  { name: 'X-Jornada-Event', in: 'header', required: true, schema: { type: 'string' }, description: 'The event’s name, as in the body.' },
  { name: 'X-Jornada-Delivery', in: 'header', required: true, schema: { type: 'string' }, description: 'This delivery’s id: the same on every retry of it.' },
  { name: 'X-Jornada-Timestamp', in: 'header', required: true, schema: { type: 'string' }, description: 'Unix seconds when this attempt was signed; refuse old ones to stop replays.' },
  {
    name: 'X-Jornada-Signature',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
    description: '`sha256=` and the hex HMAC-SHA256, keyed with the webhook’s secret, of `<timestamp>.<raw body>`.',
  },
];

/**
 * The `webhooks` section (OpenAPI 3.1): what Jornada POSTs to a registered address for each event,
 * with the signature headers. A webhook whose format is Slack or Teams posts a chat message instead.
 */
function webhooksSection(): Json {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          summary: `The ${event} event`,
          description: 'Signed JSON, retried with backoff until the receiver answers 2xx (decisions 058 and 094). Format `jornada` only: a Slack or Teams webhook gets a chat message.',
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'event', 'occurredAt', 'data'],
                  properties: {
                    id: { type: 'string', description: 'The event’s id (`evt_` + UUID): the same for every webhook; dedupe on it.' },
                    event: { const: event },
                    occurredAt: { type: 'string', description: 'ISO 8601 instant' },
                    data: jsonSchema(WEBHOOK_EVENT_SCHEMAS[event]),
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Accepted: not sent again' }, default: { description: 'Not accepted: retried later' } },
        },
      },
    ]),
  );
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
    webhooks: webhooksSection(),
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
        BadGateway: errorResponse('The other system (a webhook receiver, a mail server) did not accept it; `message` says why'),
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
