import { holidaysResource } from '../../../server/db/repositories/org/holidays.ts';
import { collectionEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, POST } = collectionEndpoints(holidaysResource);
