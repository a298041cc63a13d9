import { collectionEndpoints } from '#server/http/crud-endpoints.ts';

export const { GET, POST } = collectionEndpoints('job-titles');
