import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { readEmployeePhoto } from '#server/services/employees/read-employee-photo.ts';

/**
 * GET: the photo itself, for signed-in users with employee.read (the route table; never public).
 * A photo id never changes its content, so the id is the ETag; `no-cache` makes the browser ask
 * again each time, so a revoked session or permission stops it at once.
 */
export const GET = endpoint(async (context) => {
  const { params, request } = context;
  const photoId = params['photoId'] ?? '';
  const { bytes, type } = await readEmployeePhoto(await getDb(), parseId(params['id']), photoId, requireUser(context));
  const headers = {
    'content-type': type,
    'cache-control': 'private, no-cache',
    etag: `"${photoId}"`,
    'content-disposition': 'inline',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
  };
  if (request.headers.get('if-none-match') === headers.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { status: 200, headers: { ...headers, 'content-length': String(bytes.length) } });
});
