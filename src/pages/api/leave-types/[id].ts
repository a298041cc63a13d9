import { leaveTypesResource } from '../../../server/db/repositories/org/leave-types.ts';
import { itemEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, PATCH, DELETE } = itemEndpoints(leaveTypesResource);
