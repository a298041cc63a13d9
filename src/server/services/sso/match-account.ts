import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/passwords.ts';
import { nowIso } from '../../clock/now.ts';
import { insertEmployeeAccount } from '../accounts/insert-employee-account.ts';
import type { Db } from '../../db/connection.ts';
import { builtInEmployeeRole } from '../../db/repositories/account-links.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { activeEmployeesByEmail, findIdentityUser, insertIdentity, touchIdentity } from '../../db/repositories/user-identities.ts';
import { findUserWithRole, type UserWithRole } from '../../db/repositories/users.ts';
import { SsoError } from './sso-error.ts';

/** What the provider vouched for: its issuer, the person's stable subject and their VERIFIED email. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
}

/**
 * The account an SSO sign-in opens (decision 092), in this order:
 * 1. the account already linked to (issuer, subject);
 * 2. else the account whose email is the verified email — the link is made (audited);
 * 3. else, only with `createAccounts`, a new Employee account linked to the ONE active employee with
 *    that email and no account yet, with the company's built-in Employee role and a random password
 *    nobody knows (audited). None or several such employees: refused.
 * A disabled account is refused ('disabled'); nothing found is 'unknown'. Never an Admin created.
 */
export async function matchSsoAccount(db: Db, who: VerifiedIdentity, options: { createAccounts: boolean }): Promise<UserWithRole> {
  const email = who.email.trim().toLowerCase();
  const at = nowIso();
  const linked = await findIdentityUser(db, who.issuer, who.subject);
  if (linked !== undefined) {
    const row = await findUserWithRole(db, { id: linked });
    if (!row) throw new SsoError('unknown');
    if (row.status !== 'enabled') throw new SsoError('disabled');
    await touchIdentity(db, who.issuer, who.subject, email, at);
    return row;
  }
  if (email === '') throw new SsoError('unknown');
  const byEmail = await findUserWithRole(db, { email });
  if (byEmail) {
    if (byEmail.status !== 'enabled') throw new SsoError('disabled');
    await db.transaction().execute(async (trx) => {
      await insertIdentity(trx, { userId: byEmail.id, issuer: who.issuer, subject: who.subject, email, at });
      await appendAudit(trx, { userId: byEmail.id, entity: 'user', entityId: byEmail.id, action: 'sso-link', after: { issuer: who.issuer, subject: who.subject, email }, at });
    });
    return byEmail;
  }
  if (!options.createAccounts) throw new SsoError('unknown');
  return createEmployeeAccount(db, { ...who, email }, at);
}

async function createEmployeeAccount(db: Db, who: VerifiedIdentity, at: string): Promise<UserWithRole> {
  // Hashed before the transaction (argon2 is slow); the plain text is thrown away: unusable.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const id = await db.transaction().execute(async (trx) => {
    const employees = await activeEmployeesByEmail(trx, who.email);
    const [employee] = employees;
    if (employees.length !== 1 || !employee || employee.userId !== null) throw new SsoError('unknown');
    const roleId = await builtInEmployeeRole(trx, employee.companyId);
    if (roleId === undefined) throw new SsoError('unknown');
    const userId = await insertEmployeeAccount(trx, employee, { email: who.email, passwordHash, roleId, at, signedInAt: null });
    await insertIdentity(trx, { userId, issuer: who.issuer, subject: who.subject, email: who.email, at });
    await appendAudit(trx, { userId, entity: 'user', entityId: userId, action: 'sso-create', after: { employeeId: employee.id, email: who.email, issuer: who.issuer, subject: who.subject, accountType: 'Employee' }, at });
    return userId;
  });
  const row = await findUserWithRole(db, { id });
  if (!row) throw new SsoError('unknown');
  return row;
}
