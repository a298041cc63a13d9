import { rolesResource } from '../../../server/db/repositories/roles-resource.ts';
import { collectionEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, POST } = collectionEndpoints(rolesResource);
