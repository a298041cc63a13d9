import pkg from '#package.json';
import { endpoint } from '../../server/http/endpoint.ts';
import { openApiJson } from '../../server/openapi/openapi-document.ts';

/** GET the OpenAPI 3.1 document of this API (any signed-in account or API token; decision 057). */
export const GET = endpoint(async () => new Response(openApiJson(pkg.version), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } }));
