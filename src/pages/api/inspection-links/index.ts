import { CreateInspectionLinkSchema } from '#domain/access/inspection-links.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { createInspectionLink } from '#server/services/access/create-inspection-link.ts';
import { inspectionLinks } from '#server/services/access/list-inspection-links.ts';

/** GET the labour inspectorate's links (setting.read), never their tokens (decision 036). */
export const GET = endpoint(async () => {
  const data = await inspectionLinks(await getDb());
  return answer('GET /api/inspection-links', { data, total: data.length });
});

/**
 * POST {days?, label?} (setting.update) -> 201 `{data: {_id, label, createdAt, expiresAt, path, url}}`:
 * the only time the token is shown (`url` as this request reached the server; `path` to build it).
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(CreateInspectionLinkSchema, await readJson(context.request));
  const link = await createInspectionLink(await getDb(), requireUser(context), input);
  return answer('POST /api/inspection-links', { data: { ...link, url: new URL(link.path, context.url).href }, message: translate(context.locals.lang, 'inspection.created') });
});
