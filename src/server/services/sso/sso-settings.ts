import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import { EMPTY_SSO_SETTINGS, SsoSettingsInput, ssoSettingsProblems, ssoUsable, type SsoSettings, type SsoSettingsView } from '#domain/auth/sso-settings.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { readSettingValue, writeSettingValue } from '../../db/repositories/settings.ts';
import { AppError } from '../../http/app-error.ts';
import { openSecret, sealSecret } from '../../mail/secret-box.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

const KEY = 'sso';
const PURPOSE = 'oidc client secret';

/** Stored form (settings key 'sso'): the client secret sealed (secret-box.ts). */
interface StoredSso extends Omit<SsoSettings, 'clientSecret'> {
  clientSecretSealed: string;
}

function fromStored(value: unknown): StoredSso {
  const s = (value && typeof value === 'object' ? value : {}) as Partial<StoredSso>;
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  return {
    enabled: s.enabled === true,
    displayName: str(s.displayName),
    issuer: str(s.issuer),
    clientId: str(s.clientId),
    clientSecretSealed: str(s.clientSecretSealed),
    createAccounts: s.createAccounts === true,
    passwordOnlySuperAdmin: s.passwordOnlySuperAdmin === true,
  };
}

/** One provider for the whole installation: only the SuperAdmin reads or changes it (decision 092). */
function requireSuperAdmin(user: Pick<SessionUser, 'accountType'>): void {
  if (user.accountType !== 'SuperAdmin') throw new AppError('sso.superAdminOnly', 403);
}

/** The settings with the secret opened ('' when none, or sealed with other secrets). */
export async function readSsoSettings(db: Db): Promise<SsoSettings> {
  const { clientSecretSealed, ...rest } = fromStored(await readSettingValue(db, KEY));
  return { ...EMPTY_SSO_SETTINGS, ...rest, clientSecret: clientSecretSealed ? (openSecret(PURPOSE, clientSecretSealed) ?? '') : '' };
}

/** What Settings shows: never the secret, only whether one is stored. */
export async function ssoSettingsView(db: Db, user: Pick<SessionUser, 'accountType'>): Promise<SsoSettingsView> {
  requireSuperAdmin(user);
  const { clientSecretSealed, ...rest } = fromStored(await readSettingValue(db, KEY));
  return { ...rest, secretSet: clientSecretSealed.length > 0 };
}

/** Validates and stores the settings (audited, without the secret). */
export async function saveSsoSettings(db: Db, input: unknown, user: Pick<SessionUser, 'accountType' | 'id'>): Promise<SsoSettingsView> {
  requireSuperAdmin(user);
  const parsed = v.safeParse(SsoSettingsInput, input);
  if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(parsed.issues));
  const problems = ssoSettingsProblems(parsed.output);
  if (Object.keys(problems).length > 0) throw new AppError('validation.invalidInput', 422, {}, problems);
  const { clientSecret, ...values } = parsed.output;
  await db.transaction().execute(async (trx) => {
    const before = fromStored(await readSettingValue(trx, KEY));
    const clientSecretSealed = clientSecret === undefined ? before.clientSecretSealed : clientSecret === '' ? '' : sealSecret(PURPOSE, clientSecret);
    const at = nowIso();
    await writeSettingValue(trx, KEY, { ...values, clientSecretSealed } satisfies StoredSso, at);
    const { clientSecretSealed: _b, ...beforeShown } = before;
    await appendAudit(trx, { userId: user.id, entity: 'setting', entityId: KEY, action: 'update', before: beforeShown, after: { ...values, secretChanged: clientSecret !== undefined }, at });
  });
  return ssoSettingsView(db, user);
}

/**
 * Whether password sign-in is closed to this kind of account: only while SSO is on and usable and
 * "password sign-in only for the SuperAdmin" is set; never for the SuperAdmin, so a broken
 * provider cannot lock the owner out (decision 092).
 */
export async function passwordSignInClosed(db: Db, accountType: SessionUser['accountType']): Promise<boolean> {
  if (accountType === 'SuperAdmin') return false;
  const settings = await readSsoSettings(db);
  return settings.passwordOnlySuperAdmin && ssoUsable(settings);
}
