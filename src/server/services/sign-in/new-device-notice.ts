import { deviceSummary } from '#domain/auth/device-summary.ts';
import type { Db } from '../../db/connection.ts';
import { companyNames } from '../../db/repositories/notification-preferences.ts';
import { countOtherUserDevices } from '../../db/repositories/user-devices.ts';
import type { UserWithRole } from '../../db/repositories/users.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { getSettings } from '../get-settings.ts';
import { notifyUsers } from '../notifications/notify.ts';
import { newDeviceSignInEmail } from '../notifications/templates/new-device-sign-in.ts';
import { sessionNow, type SessionOrigin, type SignInMethod } from './start-session.ts';

/**
 * Tells the user of a sign-in from a browser their account had not used (decision 093): the
 * `newDeviceSignIn` email (mutable in My notifications, under the company's switch) with when,
 * device, address, method and what to do if it was not them. Not sent when the account knew no
 * browser before this one (its first sign-in, and every account's first sign-in after the
 * upgrade that began recording browsers): there is nothing it could be new against. Once per
 * device (its id is the key). The caller treats a failure as best effort.
 */
export async function notifyNewDevice(db: Db, user: UserWithRole, origin: SessionOrigin, method: SignInMethod, deviceId: number): Promise<void> {
  if ((await countOtherUserDevices(db, user.id, deviceId)) === 0) return;
  // An account of every company (a SuperAdmin without one) goes by the first company's switch.
  const companyId = user.companyId ?? (await companyNames(db))[0]?.id;
  if (companyId === undefined) return;
  const { timezone, timeFormat } = await getSettings(db);
  const at = new Date(sessionNow()).toISOString();
  const page = user.accountType === 'Employee' ? '/personal/account-setting' : '/account-setting';
  const queued = await notifyUsers(db, {
    kind: 'newDeviceSignIn',
    companyId,
    userIds: [user.id],
    dedupeKey: () => `newDeviceSignIn:${deviceId}`,
    content: (lang, t, link) => newDeviceSignInEmail(lang, t, { at, device: deviceSummary(origin.userAgent), address: origin.address, method, timeZone: timezone, timeFormat, link: link(page) }),
  });
  if (queued > 0) wakeOutbox();
}
