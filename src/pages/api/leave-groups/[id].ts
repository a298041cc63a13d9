import { leaveGroupsResource } from '../../../server/db/repositories/org/leave-groups.ts';
import { itemEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, PATCH, DELETE } = itemEndpoints(leaveGroupsResource);
