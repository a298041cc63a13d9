import type { GenericSchema } from 'valibot';
import type { ListQuery, ListQueryOptions } from '../../domain/lists/list-query.ts';
import type { Db } from './connection.ts';

/**
 * What a simple table (company, department, job title, leave type, leave group) provides to the
 * shared CRUD service: its input schema and its queries. Writes run inside the service's
 * transaction, together with the audit entry.
 */
export interface CrudResource<Input, Dto extends { _id: number }> {
  /** Audit entity name and i18n namespace (e.g. "department"). */
  entity: string;
  schema: GenericSchema<unknown, Input>;
  listOptions: ListQueryOptions;
  list(db: Db, query: ListQuery): Promise<{ data: Dto[]; total: number }>;
  get(db: Db, id: number): Promise<Dto | undefined>;
  /** Problems with referenced records, as `{ field: i18nKey }` (empty when fine). */
  checkReferences(db: Db, input: Input): Promise<Record<string, string>>;
  insert(db: Db, input: Input, at: string): Promise<number>;
  update(db: Db, id: number, input: Input, at: string): Promise<void>;
  /** The i18n key explaining why the record cannot be deleted (still in use), or undefined. */
  usage(db: Db, id: number): Promise<string | undefined>;
  remove(db: Db, id: number): Promise<void>;
}
