import { SetupTicketSchema } from '#domain/auth/two-factor-schemas.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { startSetupAtSignIn } from '#server/services/sign-in/second-factor-sign-in.ts';

/** POST `{ticket}` -> `{data: {secret, otpauthUrl, qrSvg}}`: TOTP set-up required by the company, for the account the set-up ticket names (decision 090). */
export const POST = endpoint(async (context) => {
  const { ticket } = parseInput(SetupTicketSchema, await readJson(context.request));
  return answer('POST /api/user/login/two-factor-setup', { data: await startSetupAtSignIn(await getDb(), ticket) });
});
