import { endsSessions, refuseUpdate, type Actor } from '#domain/users/account-rules.ts';
import { UserUpdateInput } from '#domain/users/user-schemas.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { countEnabledSuperAdmins, findUserRecord, updateUserRecord, type UserDto } from '../../db/repositories/user-records.ts';
import { deleteUserSessions } from '../../db/repositories/sessions.ts';
import { bumpSessionVersion } from '../../db/repositories/users.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { accountState, refuseEditingUser } from './account-state.ts';
import { getUser } from './list-users.ts';
import { checkUserReferences, toUserWrite, validateUserInput } from './user-input.ts';
import { nowIso } from '../../clock/now.ts';

/** The editable fields of a stored user, as the form sends them. */
function formValues(user: UserDto) {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    accountType: user.accountType,
    company: user.company,
    employee: user.employee,
  };
}

export interface UpdatedUser {
  data: UserDto;
  /** The user's new session version when this change ended their sessions. */
  newSessionVersion?: number;
}

/**
 * Updates a user. Fields left out keep their stored values (a PATCH may send only `status`); an
 * empty or missing password keeps the current one. Applies the account rules (SuperAdmin, what
 * the actor may grant, who changes credentials; checked again in the transaction against the
 * stored rows), and ends the user's sessions (same transaction) when they are disabled, change
 * account type or password.
 */
export async function updateUser(db: Db, actor: Actor, id: number, input: unknown): Promise<UpdatedUser> {
  const current = await findUserRecord(db, id);
  if (!current) throw notFound();
  const editing = await refuseEditingUser(db, actor, current);
  if (editing) throw new AppError(editing.code, editing.status);
  // Partial update of an object; an array, null or a scalar is bad input, not an empty change.
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new AppError('validation.invalidInput', 422);
  const given = input;
  const data = validateUserInput(UserUpdateInput, { ...formValues(current), ...given });
  const passwordHash = data.password ? await hashPassword(data.password) : undefined;
  const write = toUserWrite(data);

  const newSessionVersion = await db.transaction().execute(async (trx) => {
    const before = await findUserRecord(trx, id);
    if (!before) throw notFound();
    const credentialsChanged = passwordHash !== undefined || data.email !== before.email.toLowerCase();
    const refusal = refuseUpdate(actor, { ...(await accountState(trx, before)), id }, await accountState(trx, data), await countEnabledSuperAdmins(trx), credentialsChanged);
    if (refusal) throw new AppError(refusal.code, refusal.status);
    await checkUserReferences(trx, write, id);
    const at = nowIso();
    await updateUserRecord(trx, id, write, passwordHash, at);
    const sv = endsSessions(before, data, passwordHash !== undefined) ? await bumpSessionVersion(trx, id, at) : undefined;
    if (sv !== undefined) await deleteUserSessions(trx, id);
    await appendAudit(trx, {
      userId: actor.id,
      entity: 'user',
      entityId: id,
      action: 'update',
      before: formValues(before),
      after: { ...write, ...(passwordHash ? { passwordChanged: true } : {}), ...(sv ? { sessionsEnded: true } : {}) },
      at,
    });
    return sv;
  });
  return { data: await getUser(db, id), ...(newSessionVersion ? { newSessionVersion } : {}) };
}
