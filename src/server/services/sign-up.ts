import type { SignUpInput } from '../../domain/auth/auth-schemas.ts';
import type { Db } from '../db/connection.ts';
import { findUserWithRole, recordSignIn } from '../db/repositories/users.ts';
import { nowIso } from '../clock/now.ts';
import { createFirstAccount } from './create-first-account.ts';
import { seedDemoData } from './seed-demo-data.ts';
import { toSessionUser, type SessionUser } from './session-user.ts';
import { startSession, type SessionOrigin } from './start-session.ts';

/** First-run sign-up from the browser: company + first SuperAdmin, optionally demo data; signs in (recorded as the last sign-in). */
export async function signUp(db: Db, input: SignUpInput, origin: SessionOrigin): Promise<{ token: string; user: SessionUser }> {
  const { userId, companyId } = await createFirstAccount(db, {
    company: input.company,
    fullName: input.full_name,
    email: input.email,
    password: input.password,
  });
  if (input.demo) await seedDemoData(db, { companyId });
  const row = await findUserWithRole(db, { id: userId });
  if (!row) throw new Error('The account just created is missing');
  const token = await startSession(db, row, origin);
  // The sign-up signs the owner in: that is their first sign-in (issue 17.10, not "never").
  await recordSignIn(db, userId, nowIso());
  return { token, user: toSessionUser(row) };
}
