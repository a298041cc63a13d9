import { isStorageFull } from '../../db/errors.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { pruneAuthChallenges } from '../../db/repositories/auth-challenges.ts';
import { pruneExpiredSessions } from '../../db/repositories/sessions.ts';
import { recordSignIn, type UserWithRole } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import { log } from '../../log.ts';
import { recognizeDevice } from './known-devices.ts';
import { notifyNewDevice } from './new-device-notice.ts';
import { toSessionUser, type SessionUser } from './session-user.ts';
import { sessionNow, startSession, type SessionOrigin, type SignInMethod } from './start-session.ts';

/** A started session: its sealed token, its user, and the device cookie the browser keeps. */
export interface SignedIn {
  kind: 'session';
  token: string;
  user: SessionUser;
  deviceToken: string;
}

/**
 * The one way every sign-in ends (password, password + second factor, passkey, single sign-on):
 * the browser is recognised (`user_devices`, remembered for 30 days when asked), a new one is told
 * to the user by email, the session starts with its method, the sign-in time is recorded. The
 * caller has checked the credentials and that the account is enabled. Recording the time and
 * pruning are best effort (a full disk is logged); no room for the session itself is a 503.
 */
export async function completeSignIn(db: Db, row: UserWithRole, input: { origin: SessionOrigin; method: SignInMethod; deviceToken: string | undefined; rememberDevice?: boolean }): Promise<SignedIn> {
  const started = await (async () => {
    const device = await recognizeDevice(db, row.id, input.deviceToken, input.origin, input.rememberDevice === true);
    const token = await startSession(db, row, input.origin, { method: input.method, deviceId: device.id });
    return { device, token };
  })().catch((error: unknown) => {
    if (isStorageFull(error)) throw new AppError('errors.storageFull', 503);
    throw error;
  });
  const bestEffort = async (step: () => Promise<unknown>, failure: string) => {
    try {
      await step();
    } catch (error) {
      log.warn({ err: error, userId: row.id }, failure);
    }
  };
  if (started.device.isNew) await bestEffort(() => notifyNewDevice(db, row, input.origin, input.method, started.device.id), 'the new-device email was not queued');
  await bestEffort(async () => {
    await recordSignIn(db, row.id, nowIso());
    const now = new Date(sessionNow()).toISOString();
    await pruneExpiredSessions(db, now);
    await pruneAuthChallenges(db, now);
  }, 'last sign-in time not recorded or expired sessions not pruned');
  return { kind: 'session', token: started.token, user: toSessionUser(row), deviceToken: started.device.token };
}
