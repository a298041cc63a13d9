import * as v from 'valibot';
import { issuesToFieldKeys } from '../../domain/auth/auth-schemas.ts';
import { EMPTY_MAIL_SETTINGS, MAIL_SECURITY, MailSettingsInput, mailSettingsProblems, type MailSettings } from '../../domain/notifications/mail-settings.ts';
import { nowIso } from '../clock/now.ts';
import type { Db } from '../db/connection.ts';
import { appendAudit } from '../db/repositories/audit-log.ts';
import { readSettingValue, writeSettingValue } from '../db/repositories/settings.ts';
import { AppError } from '../http/app-error.ts';
import { openSecret, sealSecret } from './secret-box.ts';

export { mailConfigured } from '../../domain/notifications/mail-settings.ts';

const KEY = 'mail';
const PURPOSE = 'smtp password';

/** Stored form: the password sealed (secret-box.ts). */
interface StoredMail extends Omit<MailSettings, 'password'> {
  passwordSealed: string;
}

function fromStored(value: unknown): StoredMail {
  const s = (value && typeof value === 'object' ? value : {}) as Partial<StoredMail>;
  const str = (x: unknown, d: string) => (typeof x === 'string' ? x : d);
  return {
    host: str(s.host, ''),
    port: typeof s.port === 'number' ? s.port : EMPTY_MAIL_SETTINGS.port,
    security: MAIL_SECURITY.includes(s.security as MailSettings['security']) ? (s.security as MailSettings['security']) : EMPTY_MAIL_SETTINGS.security,
    user: str(s.user, ''),
    passwordSealed: str(s.passwordSealed, ''),
    from: str(s.from, ''),
    appUrl: str(s.appUrl, ''),
  };
}

/** The SMTP settings with the password opened ('' when none, or sealed with other secrets). */
export async function readMailSettings(db: Db): Promise<MailSettings> {
  const { passwordSealed, ...rest } = fromStored(await readSettingValue(db, KEY));
  return { ...rest, password: passwordSealed ? (openSecret(PURPOSE, passwordSealed) ?? '') : '' };
}

/** What Settings shows: never the password, only whether one is stored. */
export interface MailSettingsView extends Omit<MailSettings, 'password'> {
  passwordSet: boolean;
}

export async function mailSettingsView(db: Db): Promise<MailSettingsView> {
  const { passwordSealed, ...rest } = fromStored(await readSettingValue(db, KEY));
  return { ...rest, passwordSet: passwordSealed.length > 0 };
}

/** Validates and stores the SMTP settings (audited, without the password). */
export async function saveMailSettings(db: Db, input: unknown, actorId: number): Promise<MailSettingsView> {
  const parsed = v.safeParse(MailSettingsInput, input);
  if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(parsed.issues));
  const problems = mailSettingsProblems(parsed.output);
  if (Object.keys(problems).length > 0) throw new AppError('validation.invalidInput', 422, {}, problems);
  const { password, ...values } = parsed.output;
  await db.transaction().execute(async (trx) => {
    const before = fromStored(await readSettingValue(trx, KEY));
    const passwordSealed = password === undefined ? before.passwordSealed : password === '' ? '' : sealSecret(PURPOSE, password);
    const at = nowIso();
    await writeSettingValue(trx, KEY, { ...values, passwordSealed } satisfies StoredMail, at);
    const { passwordSealed: _b, ...beforeShown } = before;
    await appendAudit(trx, { userId: actorId, entity: 'setting', entityId: KEY, action: 'update', before: beforeShown, after: { ...values, passwordChanged: password !== undefined }, at });
  });
  return mailSettingsView(db);
}
