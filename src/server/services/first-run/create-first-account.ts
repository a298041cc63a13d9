import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { insertCompanyWithDefaultRoles } from '../../db/repositories/companies.ts';
import { writeSettings } from '../../db/repositories/settings.ts';
import { countUsers, insertUser } from '../../db/repositories/users.ts';
import { DEFAULT_SETTINGS, firstRunSettings } from '#domain/settings/settings.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../clock/now.ts';

export interface FirstAccountInput {
  company: string;
  /** The company's tax ID, normalized and checked by the schema (issue 37.5); none when left out. */
  taxId?: string | null | undefined;
  fullName: string;
  email: string;
  password: string;
  /** Chosen at setup (issue 17, point 1); the defaults when left out. */
  country?: string | undefined;
  timezone?: string | undefined;
}

/**
 * First run: creates the company (with its default roles and the default settings, firstRunSettings) and the first
 * SuperAdmin, in one transaction, only while no user exists (403 afterwards).
 */
export async function createFirstAccount(db: Db, input: FirstAccountInput): Promise<{ userId: number; companyId: number }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if ((await countUsers(trx)) > 0) throw new AppError('errors.signUpClosed', 403);
    const at = nowIso();
    const { companyId, administratorRoleId } = await insertCompanyWithDefaultRoles(trx, input.company, at, input.taxId ?? null);
    // Spain starts with work outside the schedule accepted (decision 032).
    await writeSettings(trx, firstRunSettings(input.country ?? DEFAULT_SETTINGS.country, input.timezone ?? DEFAULT_SETTINGS.timezone), at);
    const userId = await insertUser(trx, {
      name: input.fullName,
      email: input.email,
      passwordHash,
      roleId: administratorRoleId,
      status: 'enabled',
      accountType: 'SuperAdmin',
      companyId,
      employeeId: null,
      image: null,
      lastSignInAt: null,
      createdAt: at,
      updatedAt: at,
    });
    await appendAudit(trx, {
      userId,
      entity: 'user',
      entityId: userId,
      action: 'first-run',
      after: { name: input.fullName, email: input.email, accountType: 'SuperAdmin', companyId },
      at,
    });
    return { userId, companyId };
  });
}
