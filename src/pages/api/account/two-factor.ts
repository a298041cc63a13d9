import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json } from '#server/http/json.ts';
import { twoFactorState } from '#server/services/two-factor/two-factor-state.ts';

/** GET -> `{data: {enabled, enabledAt, recoveryCodesLeft, passkeys, requiredByCompany}}`: the signed-in account's two-step sign-in (decision 090). */
export const GET = endpoint(async (context) => json({ data: await twoFactorState(await getDb(), requireUser(context)) }));
