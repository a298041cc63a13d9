import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { readPunchPhoto } from '#server/services/punch/punch-photos.ts';

/**
 * GET (attendance.read; an Employee account only its own): the JPEG snapshot kept with a face
 * punch, until the retention period deletes it (then 404). Never public, never cached.
 */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const bytes = await readPunchPhoto(await getDb(), parseId(context.params['id']), user);
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type': 'image/jpeg',
      'content-length': String(bytes.length),
      'cache-control': 'private, no-store',
      'content-disposition': 'inline',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
    },
  });
});
