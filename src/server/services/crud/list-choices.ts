import { MAX_OPTIONS_PAGE_SIZE } from '#domain/lists/list-query.ts';
import type { Db } from '../../db/connection.ts';
import type { CrudResource } from '../../db/crud-resource.ts';
import { listRecords } from './crud-service.ts';
import { crudResources, type CrudRecord, type CrudResourceName } from './resources.ts';

/** Resources whose records have a name to show in a select. */
export type NamedResourceName = { [N in CrudResourceName]: CrudRecord<N> extends { name: string } ? N : never }[CrudResourceName];

/** The choices of a select (a filter, a form field): every record of the resource as `{_id, name}`, by name. */
export async function listChoices(db: Db, name: NamedResourceName): Promise<{ _id: number; name: string }[]> {
  const resource: CrudResource<unknown, { _id: number; name: string }> = crudResources[name];
  const all = new URLSearchParams({ pageSize: String(MAX_OPTIONS_PAGE_SIZE), sort: 'name' });
  return (await listRecords(db, resource, all)).data.map((r) => ({ _id: r._id, name: r.name }));
}
