import { apiTokenHint, expiryRefusal, isWithinOwnPermissions, mayHoldApiTokens, type CreateApiTokenInput } from '#domain/api-tokens/api-tokens.ts';
import { addDays, localDateOf, localDateTimeToUtcIso } from '#domain/time/zoned-time.ts';
import { nowIso } from '../../clock/now.ts';
import { apiTokenHash, newApiToken } from '../../auth/api-token.ts';
import type { Db } from '../../db/connection.ts';
import { insertApiToken } from '../../db/repositories/api-tokens.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { permissionsJson } from '../../db/stored-formats.ts';
import { AppError } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

/**
 * Makes a named API token for the signed-in Admin or SuperAdmin (decision 057): only permissions
 * the account holds itself (403 otherwise), an expiry date from today to a year ahead (the token
 * works until the end of that day in the company zone). The token is answered here, once; only
 * its SHA-256 is stored.
 */
export async function createApiToken(db: Db, user: SessionUser, input: CreateApiTokenInput) {
  if (!mayHoldApiTokens(user.accountType)) throw new AppError('tokens.adminsOnly', 403);
  if (!isWithinOwnPermissions(user, input.permissions)) throw new AppError('tokens.permissionsNotHeld', 403);
  const { timezone } = await getSettings(db);
  const createdAt = nowIso();
  const refusal = expiryRefusal(input.expiresOn, localDateOf(createdAt, timezone));
  if (refusal) throw new AppError('validation.invalidInput', 422, {}, { expiresOn: refusal });
  const expiresAt = localDateTimeToUtcIso(addDays(input.expiresOn, 1), '00:00', timezone);
  const token = newApiToken();
  const id = await db.transaction().execute(async (trx) => {
    const tokenId = await insertApiToken(trx, {
      name: input.name,
      tokenHash: apiTokenHash(token),
      hint: apiTokenHint(token),
      userId: user.id,
      permissions: permissionsJson(input.permissions),
      createdAt,
      expiresAt,
    });
    await appendAudit(trx, { userId: user.id, entity: 'apiToken', entityId: tokenId, action: 'create', after: { name: input.name, expiresAt, permissions: input.permissions }, at: createdAt });
    return tokenId;
  });
  return { _id: id, name: input.name, createdAt, expiresAt, permissions: input.permissions, token };
}
