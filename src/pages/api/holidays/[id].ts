import { holidaysResource } from '../../../server/db/repositories/org/holidays.ts';
import { itemEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, PATCH, DELETE } = itemEndpoints(holidaysResource);
