import { matchApiRoute } from '../../domain/routing/api-table.ts';
import { AppError } from '../../server/http/app-error.ts';
import { endpoint } from '../../server/http/endpoint.ts';

/**
 * Endpoints of the API table whose feature has not landed yet answer 501 JSON; anything else 404.
 * (Middleware has already answered 401/403 where a session or authority is missing.)
 */
export const ALL = endpoint(async ({ request, url }) => {
  if (matchApiRoute(request.method, url.pathname)) throw new AppError('errors.notImplemented', 501);
  throw new AppError('errors.notFound', 404);
});
