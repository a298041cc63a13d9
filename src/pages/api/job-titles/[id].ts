import { jobTitlesResource } from '../../../server/db/repositories/org/job-titles.ts';
import { itemEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, PATCH, DELETE } = itemEndpoints(jobTitlesResource);
