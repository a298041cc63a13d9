import { refuseCreate, type Actor } from '#domain/users/account-rules.ts';
import { UserCreateInput } from '#domain/users/user-schemas.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import type { UserDto } from '../../db/repositories/user-records.ts';
import { insertUser } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import { accountState } from './account-state.ts';
import { getUser } from './list-users.ts';
import { checkUserReferences, toUserWrite, validateUserInput } from './user-input.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * Creates a user account: validated input, only a SuperAdmin creates a SuperAdmin, a role and
 * account type the actor could grant (checked in the transaction, against the role as stored),
 * unique email, existing role/company/employee. The password is hashed before the transaction;
 * the row and its audit entry are written together.
 */
export async function createUser(db: Db, actor: Actor, input: unknown): Promise<UserDto> {
  const data = validateUserInput(UserCreateInput, input);
  const passwordHash = await hashPassword(data.password);
  const write = toUserWrite(data);
  const id = await db.transaction().execute(async (trx) => {
    const refusal = refuseCreate(actor, await accountState(trx, data));
    if (refusal) throw new AppError(refusal.code, refusal.status);
    await checkUserReferences(trx, write);
    const at = nowIso();
    const newId = await insertUser(trx, { ...write, passwordHash, image: null, lastSignInAt: null, createdAt: at, updatedAt: at });
    await appendAudit(trx, { userId: actor.id, entity: 'user', entityId: newId, action: 'create', after: write, at });
    return newId;
  });
  return getUser(db, id);
}
