import { rolesResource } from '../../../server/db/repositories/roles-resource.ts';
import { itemEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, PATCH, DELETE } = itemEndpoints(rolesResource);
