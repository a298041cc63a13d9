import { AppError } from '../../server/http/app-error.ts';
import { endpoint } from '../../server/http/endpoint.ts';

/**
 * Any `/api` path no endpoint file serves: 404 JSON. (Middleware has already answered 401 without
 * a session, 405 for a table path with another method, 403 without the authority; every table
 * entry has its file, tests/unit/api-table-files.test.ts.)
 */
export const ALL = endpoint(async () => {
  throw new AppError('errors.notFound', 404);
});
