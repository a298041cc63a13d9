import { CreateApiTokenSchema } from '#domain/api-tokens/api-tokens.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { createApiToken } from '#server/services/api-tokens/create-api-token.ts';
import { apiTokens } from '#server/services/api-tokens/list-api-tokens.ts';

/** GET the account's API tokens (everyone's with setting.update), never their secret (decision 057). */
export const GET = endpoint(async (context) => {
  const data = await apiTokens(await getDb(), requireUser(context));
  return answer('GET /api/api-tokens', { data, total: data.length });
});

/**
 * POST {name, expiresOn: YYYY-MM-DD, permissions: {resource: [action]}} -> 201
 * `{data: {_id, name, createdAt, expiresAt, permissions, token}}`: the only time the token is shown.
 * 403 for an Employee account or a permission the account does not hold; 422 for bad input.
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(CreateApiTokenSchema, await readJson(context.request));
  const data = await createApiToken(await getDb(), requireUser(context), input);
  return answer('POST /api/api-tokens', { data, message: translate(context.locals.lang, 'tokens.created') });
});
