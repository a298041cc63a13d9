import { departmentsResource } from '../../../server/db/repositories/org/departments.ts';
import { collectionEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, POST } = collectionEndpoints(departmentsResource);
