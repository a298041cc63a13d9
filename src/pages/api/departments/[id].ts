import { itemEndpoints } from '#server/http/crud-endpoints.ts';

export const { GET, PATCH, DELETE } = itemEndpoints('departments');
