import type { SignUpInput } from '#domain/auth/auth-schemas.ts';
import type { Db } from '../../db/connection.ts';
import type { Language } from '#i18n/languages.ts';
import { findUserWithRole, recordSignIn } from '../../db/repositories/users.ts';
import { createDefaultOrganization } from './create-default-organization.ts';
import { nowIso } from '../../clock/now.ts';
import { createFirstAccount } from './create-first-account.ts';
import { invalidateSettings } from '../get-settings.ts';
import { seedDemoData } from '../seed-demo-data.ts';
import { toSessionUser, type SessionUser } from '../sign-in/session-user.ts';
import { startSession, type SessionOrigin } from '../sign-in/start-session.ts';

/**
 * First-run sign-up from the browser: company + first SuperAdmin, then either demo data or the
 * default organisation records named in `lang` (decision 028); signs in (recorded as the
 * last sign-in).
 */
export async function signUp(db: Db, input: SignUpInput, origin: SessionOrigin, lang: Language = 'es'): Promise<{ token: string; user: SessionUser }> {
  const { userId, companyId } = await createFirstAccount(db, {
    company: input.company,
    taxId: input.taxId,
    fullName: input.full_name,
    email: input.email,
    password: input.password,
    country: input.country,
    timezone: input.timezone,
  });
  invalidateSettings(); // the zone chosen at setup shows at once
  if (input.demo) await seedDemoData(db, { companyId, actorId: userId });
  else await createDefaultOrganization(db, { companyId, userId, lang });
  const row = await findUserWithRole(db, { id: userId });
  if (!row) throw new Error('The account just created is missing');
  const token = await startSession(db, row, origin);
  // The sign-up signs the owner in: that is their first sign-in (issue 17.10, not "never").
  await recordSignIn(db, userId, nowIso());
  return { token, user: toSessionUser(row) };
}
