import { translate } from '../../i18n/translate.ts';
import { getDb } from '../db/connection.ts';
import { createRecord, deleteRecord, getRecord, listRecords, parseId, updateRecord } from '../services/crud/crud-service.ts';
import { crudResource, type CrudResourceName } from '../services/crud/resources.ts';
import { endpoint, requireUser } from './endpoint.ts';
import { json, readJson } from './json.ts';

/**
 * `GET /api/<things>` (list `{data, total}`) and `POST /api/<things>` (201 `{data, message}`) of
 * the resource registered under that name (`services/crud/resources.ts`).
 * Authority is checked by middleware from the API table before these run.
 */
export function collectionEndpoints(name: CrudResourceName) {
  const resource = crudResource(name);
  return {
    GET: endpoint(async ({ url }) => json(await listRecords(await getDb(), resource, url.searchParams))),
    POST: endpoint(async (context) => {
      const user = requireUser(context);
      const data = await createRecord(await getDb(), resource, await readJson(context.request), user.id);
      return json({ data, message: translate(context.locals.lang, 'messages.changesSaved') }, 201);
    }),
  };
}

/** `GET`, `PATCH` and `DELETE /api/<things>/:id`. */
export function itemEndpoints(name: CrudResourceName) {
  const resource = crudResource(name);
  return {
    GET: endpoint(async ({ params }) => json({ data: await getRecord(await getDb(), resource, parseId(params['id'])) })),
    PATCH: endpoint(async (context) => {
      const user = requireUser(context);
      const id = parseId(context.params['id']);
      const data = await updateRecord(await getDb(), resource, id, await readJson(context.request), user.id);
      return json({ data, message: translate(context.locals.lang, 'messages.changesSaved') });
    }),
    DELETE: endpoint(async (context) => {
      const user = requireUser(context);
      await deleteRecord(await getDb(), resource, parseId(context.params['id']), user.id);
      return json({ message: translate(context.locals.lang, 'messages.recordDeleted') });
    }),
  };
}
