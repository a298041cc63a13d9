import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { contractOf } from '../../src/domain/api/contracts/index.ts';
import { openApiDocument } from '../../src/server/openapi/openapi-document.ts';

/**
 * Checks an answer of the API against the OpenAPI document (issue 41.3): the integration tests'
 * client calls it for every answer, so a field the document gets wrong fails the test that saw
 * it. Operations without a contract yet are described generically and not checked.
 */

type Json = Record<string, unknown>;
const document = openApiDocument('test') as { paths: Record<string, Record<string, Json>>; components: { responses: Record<string, Json>; schemas: Record<string, Json> } };
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

/** The document's paths as patterns, literal segments first (`/api/leaves/balances` before `/api/leaves/{id}`). */
const OPERATIONS = Object.entries(document.paths)
  .map(([path, ops]) => ({ path, ops, regex: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`), params: (path.match(/\{/g) ?? []).length }))
  .sort((a, b) => a.params - b.params);

function resolve(node: Json | undefined): Json | undefined {
  const ref = node?.['$ref'];
  if (typeof ref !== 'string') return node;
  const [, , kind, name] = ref.split('/');
  return resolve((document.components as Record<string, Record<string, Json>>)[kind!]?.[name!]);
}

/** Throws when the answer does not match the document; returns quietly for non-API paths and unchecked operations. */
export async function checkAnswer(method: string, url: string, response: Response): Promise<void> {
  const pathname = new URL(url, 'http://x').pathname;
  if (!pathname.startsWith('/api/')) return;
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const found = OPERATIONS.find((op) => op.regex.test(pathname) && op.ops[m.toLowerCase()]);
  if (!found) return;
  const pattern = found.path.replace(/\{[^}]+\}/g, '{id}');
  if (!contractOf(`${m} ${pattern}`)) return;
  const operation = found.ops[m.toLowerCase()] as { responses: Record<string, Json> };
  // A 304 (a conditional GET's "not modified") has no body to check; its headers are the 200's.
  if (response.status === 304) return;
  const status = String(response.status);
  const documented = resolve(operation.responses[status] ?? operation.responses['default']);
  const where = `${m} ${pathname} → ${status}`;
  if (!documented) throw new Error(`OpenAPI: ${where} is not documented`);
  const content = documented['content'] as Record<string, { schema?: Json }> | undefined;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!content) {
    if (response.status !== 204 && response.status < 300 && type) throw new Error(`OpenAPI: ${where} answered ${type}, the document says no content`);
    return;
  }
  if (!content[type]) throw new Error(`OpenAPI: ${where} answered ${type || 'no content type'}, the document says ${Object.keys(content).join(', ')}`);
  if (type !== 'application/json') return;
  const schema = resolve(content[type]!.schema);
  if (!schema) return;
  const key = `${m} ${found.path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  const body: unknown = await response.clone().json();
  if (!validate(body)) {
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message}`)
      .join('; ');
    throw new Error(`OpenAPI: ${where} does not match the document: ${problems}`);
  }
}
