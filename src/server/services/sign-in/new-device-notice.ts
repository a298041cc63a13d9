import type { Db } from '../../db/connection.ts';
import type { UserWithRole } from '../../db/repositories/users.ts';
import type { SessionOrigin, SignInMethod } from './start-session.ts';

/**
 * Tells the user of a sign-in from a browser their account had not used (decision 093).
 * PLACEHOLDER of the foundation: the sessions helper (issue 40.4) queues the email here.
 */
export async function notifyNewDevice(_db: Db, _user: UserWithRole, _origin: SessionOrigin, _method: SignInMethod): Promise<void> {}
