import { jobTitlesResource } from '../../../server/db/repositories/org/job-titles.ts';
import { collectionEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, POST } = collectionEndpoints(jobTitlesResource);
