import type { AnswerOf } from '#domain/api/contract.ts';
import { contractOf, type ApiContracts, type ContractKey } from '#domain/api/contracts/index.ts';
import { translate } from '../../i18n/translate.ts';
import { getDb } from '../db/connection.ts';
import { createRecord, deleteRecord, getRecord, listRecords, parseId, updateRecord } from '../services/crud/crud-service.ts';
import { crudResource, type CrudRecord, type CrudResourceName } from '../services/crud/resources.ts';
import { endpoint, requireUser } from './endpoint.ts';
import { json, readJson } from './json.ts';

/**
 * The answer of a shared CRUD endpoint: the status its contract says (`METHOD /api/<name>…`),
 * or the one given for a collection whose contracts are not written yet. The bodies are held to
 * the contracts at compile time by `RecordsMatchContracts` below.
 */
function crudAnswer(key: string, body: unknown, fallback: number): Response {
  const contract = contractOf(key);
  return json(body, contract ? (contract.status ?? 200) : fallback);
}

/** A resource whose contract for `key` does not answer what the shared endpoint sends; never when all match. */
type Mismatch<K extends string, Body> = K extends ContractKey ? (Body extends AnswerOf<ApiContracts[K]> ? never : K) : never;
type Mismatched = {
  [N in CrudResourceName]:
    | Mismatch<`GET /api/${N}`, { data: CrudRecord<N>[]; total: number }>
    | Mismatch<`POST /api/${N}`, { data: CrudRecord<N>; message: string }>
    | Mismatch<`GET /api/${N}/{id}`, { data: CrudRecord<N> }>
    | Mismatch<`PATCH /api/${N}/{id}`, { data: CrudRecord<N>; message: string }>
    | Mismatch<`DELETE /api/${N}/{id}`, { message: string }>;
}[CrudResourceName];
/** tsc fails here, naming the key, when a collection's record and its contract's answer differ. */
export const RecordsMatchContracts: [Mismatched] extends [never] ? true : Mismatched = true;

/**
 * `GET /api/<things>` (list `{data, total}`) and `POST /api/<things>` (201 `{data, message}`) of
 * the resource registered under that name (`services/crud/resources.ts`).
 * Authority is checked by middleware from the API table before these run.
 */
export function collectionEndpoints(name: CrudResourceName) {
  const resource = crudResource(name);
  return {
    GET: endpoint(async ({ url }) => crudAnswer(`GET /api/${name}`, await listRecords(await getDb(), resource, url.searchParams), 200)),
    POST: endpoint(async (context) => {
      const user = requireUser(context);
      const data = await createRecord(await getDb(), resource, await readJson(context.request), user.id);
      return crudAnswer(`POST /api/${name}`, { data, message: translate(context.locals.lang, 'messages.changesSaved') }, 201);
    }),
  };
}

/** `GET`, `PATCH` and `DELETE /api/<things>/:id`. */
export function itemEndpoints(name: CrudResourceName) {
  const resource = crudResource(name);
  return {
    GET: endpoint(async ({ params }) => crudAnswer(`GET /api/${name}/{id}`, { data: await getRecord(await getDb(), resource, parseId(params['id'])) }, 200)),
    PATCH: endpoint(async (context) => {
      const user = requireUser(context);
      const id = parseId(context.params['id']);
      const data = await updateRecord(await getDb(), resource, id, await readJson(context.request), user.id);
      return crudAnswer(`PATCH /api/${name}/{id}`, { data, message: translate(context.locals.lang, 'messages.changesSaved') }, 200);
    }),
    DELETE: endpoint(async (context) => {
      const user = requireUser(context);
      await deleteRecord(await getDb(), resource, parseId(context.params['id']), user.id);
      return crudAnswer(`DELETE /api/${name}/{id}`, { message: translate(context.locals.lang, 'messages.recordDeleted') }, 200);
    }),
  };
}
