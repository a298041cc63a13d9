import { leaveGroupsResource } from '../../../server/db/repositories/org/leave-groups.ts';
import { collectionEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, POST } = collectionEndpoints(leaveGroupsResource);
