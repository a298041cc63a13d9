import { unsealSession } from '../../auth/session-token.ts';
import type { Db } from '../../db/connection.ts';
import { deleteSession } from '../../db/repositories/sessions.ts';

/**
 * Ends the session the token names (its row is deleted, so copies of the token stop working at
 * once). A missing, invalid or already-ended token is not an error: sign-out always succeeds.
 */
export async function signOut(db: Db, token: string | undefined): Promise<void> {
  const claims = await unsealSession(token);
  if (claims) await deleteSession(db, claims.sid);
}
