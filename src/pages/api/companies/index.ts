import { companiesResource } from '../../../server/db/repositories/org/companies.ts';
import { collectionEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, POST } = collectionEndpoints(companiesResource);
