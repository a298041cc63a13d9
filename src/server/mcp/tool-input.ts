import * as v from 'valibot';
import type { GenericSchema } from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import type { ApiContract } from '#domain/api/contract.ts';
import { contractOf } from '#domain/api/contracts/index.ts';
import { jsonSchema, openApiPath } from '../openapi/openapi-document.ts';
import type { McpTool } from './tool-table.ts';

/**
 * A tool's arguments, from and to its endpoint's contract (decision 096). The input schema is the
 * contract's: path ids, the query entries the tool sends, the body fields it sends (JSON Schema by
 * @valibot/to-json-schema, as in the OpenAPI document), flat in one object. A call's arguments are
 * checked with the contract's own valibot schemas before any request, so bad input changes
 * nothing and says which field. Where the endpoint has no contract yet, its parameters are
 * described loosely and the API alone checks them.
 */

type Json = Record<string, unknown>;

/** One request to the API. */
export interface ApiRequest {
  method: string;
  /** The path with its ids filled in (`/api/leaves/12`). */
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/** The request a call makes, or the fields it got wrong (each an i18n message key). */
export type PreparedCall = { ok: true; request: ApiRequest } | { ok: false; fields: Record<string, string> };

const LOOSE = { type: ['string', 'number', 'boolean'], description: 'Checked by the API.' };

/** The names of a pattern's path ids as the document names them (`id`, then `photoId`, …). */
export function pathIds(pattern: string): string[] {
  return [...openApiPath(pattern).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

function splitKey(key: string): { method: string; pattern: string } {
  const [method = '', pattern = ''] = key.split(' ');
  return { method, pattern };
}

function unwrapOptional(entry: GenericSchema): { schema: GenericSchema; optional: boolean } {
  const optional = entry.type === 'optional';
  return { schema: optional ? (entry as unknown as { wrapped: GenericSchema }).wrapped : entry, optional };
}

/** The body's fields the tool sends, their JSON Schemas and which are required (from the branch of a union holding them all). */
function bodyFields(tool: McpTool, contract: ApiContract | undefined): { properties: Record<string, Json>; required: string[] } {
  if (!tool.body) return { properties: {}, required: [] };
  const fixed = new Set(Object.keys(tool.fixed?.body ?? {}));
  if (!contract?.body) {
    const names = tool.body === 'all' ? [] : tool.body;
    return { properties: Object.fromEntries(names.map((n) => [n, LOOSE])), required: [] };
  }
  const schema = jsonSchema(contract.body);
  const branches = (schema['anyOf'] ?? schema['oneOf'] ?? [schema]) as Json[];
  const wanted = tool.body === 'all' ? undefined : tool.body;
  const branch = branches.find((b) => wanted === undefined || wanted.every((n) => n in ((b['properties'] as Json | undefined) ?? {}))) ?? {};
  const all = (branch['properties'] as Record<string, Json> | undefined) ?? {};
  const names = (wanted ?? Object.keys(all)).filter((n) => !fixed.has(n));
  const required = ((branch['required'] as string[] | undefined) ?? []).filter((n) => names.includes(n));
  return { properties: Object.fromEntries(names.map((n) => [n, all[n] ?? LOOSE])), required };
}

/** The tool's input JSON Schema (always an object). */
export function toolInputSchema(tool: McpTool): Json {
  const contract = contractOf(tool.key);
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const id of pathIds(splitKey(tool.key).pattern)) {
    properties[id] = { type: 'integer', minimum: 1, description: 'The record’s id.' };
    required.push(id);
  }
  for (const name of tool.query ?? []) {
    const entry = contract?.query?.entries[name];
    if (!entry) {
      properties[name] = LOOSE;
      continue;
    }
    const { schema, optional } = unwrapOptional(entry);
    properties[name] = jsonSchema(schema);
    if (!optional) required.push(name);
  }
  const body = bodyFields(tool, contract);
  Object.assign(properties, body.properties);
  required.push(...body.required);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/** A query value as the wire carries it; undefined for what no query can hold. */
function queryText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Checks a call's arguments against the contract and builds its request. */
export function prepareToolCall(tool: McpTool, args: unknown): PreparedCall {
  const input = (args ?? {}) as Json;
  if (typeof input !== 'object' || Array.isArray(input)) return { ok: false, fields: { _: 'validation.invalidInput' } };
  const contract = contractOf(tool.key);
  const { method, pattern } = splitKey(tool.key);
  const ids = pathIds(pattern);
  const known = new Set([...ids, ...(tool.query ?? []), ...Object.keys(toolInputSchema(tool)['properties'] as Json)]);
  const fields: Record<string, string> = {};
  for (const name of Object.keys(input)) if (!known.has(name)) fields[name] = 'validation.unknownParameter';

  let path = pattern;
  for (const id of ids) {
    const value = Number(input[id]);
    if (!Number.isSafeInteger(value) || value < 1) fields[id] = 'validation.invalidInput';
    path = path.replace('{id}', String(value));
  }

  const query: Record<string, string> = {};
  for (const name of tool.query ?? []) {
    if (input[name] === undefined || input[name] === null || input[name] === '') continue;
    const text = queryText(input[name]);
    if (text === undefined) fields[name] = 'validation.invalidInput';
    else query[name] = text;
  }
  Object.assign(query, tool.fixed?.query ?? {});
  if (contract?.query) {
    const names = Object.keys(query).filter((n) => n in contract.query!.entries);
    const required = (tool.query ?? []).filter((n) => n in contract.query!.entries && !unwrapOptional(contract.query!.entries[n]!).optional);
    const picked = v.object(Object.fromEntries([...new Set([...names, ...required])].map((n) => [n, contract.query!.entries[n]!])));
    const checked = v.safeParse(picked, query);
    if (!checked.success) Object.assign(fields, issuesToFieldKeys(checked.issues));
  }

  let body: Json | undefined;
  if (tool.body) {
    const names = tool.body === 'all' ? Object.keys(input).filter((n) => !ids.includes(n) && !(tool.query ?? []).includes(n)) : tool.body;
    body = Object.fromEntries(names.filter((n) => input[n] !== undefined).map((n) => [n, input[n]]));
    Object.assign(body, tool.fixed?.body ?? {});
    if (contract?.body) {
      const checked = v.safeParse(contract.body, body);
      if (!checked.success) Object.assign(fields, issuesToFieldKeys(checked.issues));
    }
  }

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, request: { method, path, query, ...(body ? { body } : {}) } };
}
