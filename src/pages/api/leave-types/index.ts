import { leaveTypesResource } from '../../../server/db/repositories/org/leave-types.ts';
import { collectionEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, POST } = collectionEndpoints(leaveTypesResource);
