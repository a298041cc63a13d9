import { InviteSchema } from '#domain/accounts/account-links.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { inviteEmployees } from '#server/services/accounts/invite-employees.ts';

/**
 * POST {employees: [id] | all: true, delivery?: 'email' | 'sheet'} (user.create) -> 201
 * `{data: {invited: [{_id, name, email, delivery, resent, url?}], skipped: [{_id, name, code, message}]}, message}`.
 * `url` is the one-time link, answered once and only for the printed sheet (decision 066).
 */
export const POST = endpoint(async (context) => {
  const lang = context.locals.lang;
  const input = parseInput(InviteSchema, await readJson(context.request));
  const { invited, skipped } = await inviteEmployees(await getDb(), requireUser(context), input);
  return answer('POST /api/invitations', {
    data: {
      invited: invited.map(({ path, ...e }) => ({ ...e, ...(path ? { url: new URL(path, context.url).href } : {}) })),
      skipped: skipped.map((e) => ({ ...e, message: translate(lang, e.code, { name: e.name }) })),
    },
    message: translate(lang, input.delivery === 'sheet' ? 'invitations.sheetReady' : 'invitations.sent', { count: invited.length }),
  });
});
