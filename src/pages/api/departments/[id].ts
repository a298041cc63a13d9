import { departmentsResource } from '../../../server/db/repositories/org/departments.ts';
import { itemEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, PATCH, DELETE } = itemEndpoints(departmentsResource);
