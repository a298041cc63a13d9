import { companiesResource } from '../../db/repositories/org/companies.ts';
import { departmentsResource } from '../../db/repositories/org/departments.ts';
import { holidaysResource } from '../../db/repositories/org/holidays.ts';
import { jobTitlesResource } from '../../db/repositories/org/job-titles.ts';
import { leaveGroupsResource } from '../../db/repositories/org/leave-groups.ts';
import { leaveTypesResource } from '../../db/repositories/org/leave-types.ts';
import { rolesResource } from '../../db/repositories/roles-resource.ts';
import type { CrudResource } from '../../db/crud-resource.ts';

/**
 * The resources the shared CRUD service serves, by name: the name is the collection's path under
 * `/api` (`/api/job-titles`). Routes and pages name a resource; only services hold its queries.
 */
export const crudResources = {
  companies: companiesResource,
  departments: departmentsResource,
  holidays: holidaysResource,
  'job-titles': jobTitlesResource,
  'leave-groups': leaveGroupsResource,
  'leave-types': leaveTypesResource,
  roles: rolesResource,
} as const;

export type CrudResourceName = keyof typeof crudResources;

/** The record (API DTO) a named resource answers with. */
export type CrudRecord<N extends CrudResourceName> = (typeof crudResources)[N] extends CrudResource<infer _I, infer D> ? D : never;

/** The registered resource of that name, as the generic service handles it. */
export function crudResource(name: CrudResourceName): CrudResource<unknown, { _id: number }> {
  return crudResources[name];
}
