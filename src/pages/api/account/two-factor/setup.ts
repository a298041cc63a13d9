import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { startTotpSetup } from '#server/services/two-factor/start-totp-setup.ts';

/** POST (no body) -> `{data: {secret, otpauthUrl, qrSvg}}`: a new TOTP secret to scan; TOTP stays off until `enable` (decision 090). 409 when on. */
export const POST = endpoint(async (context) => answer('POST /api/account/two-factor/setup', { data: await startTotpSetup(await getDb(), requireUser(context)) }));
