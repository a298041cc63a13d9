import { companiesResource } from '../../../server/db/repositories/org/companies.ts';
import { itemEndpoints } from '../../../server/http/crud-endpoints.ts';

export const { GET, PATCH, DELETE } = itemEndpoints(companiesResource);
