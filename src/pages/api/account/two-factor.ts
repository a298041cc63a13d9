import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { twoFactorState } from '#server/services/two-factor/two-factor-state.ts';

/** GET -> `{data: {enabled, enabledAt, recoveryCodesLeft, passkeys, requiredByCompany}}`: the signed-in account's two-step sign-in (decision 090). */
export const GET = endpoint(async (context) => answer('GET /api/account/two-factor', { data: await twoFactorState(await getDb(), requireUser(context)) }));
