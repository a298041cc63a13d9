import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { PasskeySignInInput } from '#domain/auth/passkey-schemas.ts';
import type { RelyingParty } from '#domain/auth/relying-party.ts';
import { takeCeremonyStart } from '../../auth/ceremony-start-limit.ts';
import { signInGuard, tooManyAttempts } from '../../auth/sign-in-guard.ts';
import type { Db } from '../../db/connection.ts';
import { pruneAuthChallenges } from '../../db/repositories/auth-challenges.ts';
import { findPasskeyByCredentialId, listPasskeys, recordPasskeyUse } from '../../db/repositories/passkeys.ts';
import { findUserWithRole, type UserWithRole } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import { completeSignIn, type SignedIn } from '../sign-in/complete-sign-in.ts';
import { accountOfTicket } from '../sign-in/second-step.ts';
import { sessionNow, type SessionOrigin } from '../sign-in/start-session.ts';
import { parseTransports } from './account-passkeys.ts';
import { newPasskeyChallenge, takePasskeyChallenge } from './passkey-challenge.ts';

/**
 * Signing in with a passkey (decision 091). Without a ticket it is passwordless: a discoverable
 * credential, user verification required (something the user has and is or knows: two factors, no
 * second step). With the ticket of a password sign-in it is that sign-in's second factor: only the
 * ticket's account's credentials, user verification preferred.
 */
export async function passkeySignInOptions(db: Db, ticket: string | undefined, rp: RelyingParty, address: string): Promise<{ challenge: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  // Starts count per client address (ceremony-start-limit.ts): past the limit, 429 and no challenge written.
  const wait = await takeCeremonyStart(address);
  if (wait > 0) throw tooManyAttempts('errors.tooManySignInStarts', wait);
  const user = ticket === undefined ? undefined : await accountOfTicket(db, ticket, 'second-factor');
  // Anyone may ask for options: expired challenges go at once, so the table holds at most five minutes' worth.
  await pruneAuthChallenges(db, new Date(sessionNow()).toISOString());
  const challenge = await newPasskeyChallenge(db, 'passkey-sign-in', user?.id ?? null);
  const own = user ? await listPasskeys(db, user.id) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: challenge.bytes,
    timeout: 5 * 60 * 1000,
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: parseTransports(p.transports) })),
    userVerification: user ? 'preferred' : 'required',
  });
  return { challenge: challenge.id, options };
}

/**
 * Verifies an assertion and ends the sign-in through completeSignIn ('passkey', or
 * 'password+passkey' with a ticket, which is then used up). The attempt takes its place in the
 * sign-in limits before verifying — keyed by the credential's account when the credential is
 * known, by the address alone otherwise — and every refusal counts as a failure: 401
 * `passkeys.failed`. A disabled account is refused like with the password (not counted).
 */
export async function signInWithPasskey(db: Db, input: PasskeySignInInput, origin: SessionOrigin & { address: string }, rp: RelyingParty, deviceToken: string | undefined): Promise<SignedIn> {
  const response = input.response as unknown as AuthenticationResponseJSON;
  const stored = await findPasskeyByCredentialId(db, response.id);
  const owner = stored ? await findUserWithRole(db, { id: stored.userId }) : undefined;
  const reservation = await signInGuard.reserve(owner ? owner.email.toLowerCase() : `passkey ${origin.address}`, origin.address);
  if (!reservation.ok) throw tooManyAttempts('errors.tooManySignIns', reservation.retryAfterMs);
  const attempt = reservation.ticket;
  let row: UserWithRole;
  try {
    const failed = async (): Promise<never> => {
      await attempt.fail();
      throw new AppError('passkeys.failed', 401);
    };
    const challenge = await takePasskeyChallenge(db, 'passkey-sign-in', input.challenge);
    if (!challenge || !stored || !owner) return await failed();
    const expectedUser = input.ticket === undefined ? null : (await accountOfTicket(db, input.ticket, 'second-factor')).id;
    // The challenge was made for this kind of sign-in: passwordless (no user) or this ticket's account.
    if (challenge.userId !== expectedUser || (expectedUser !== null && stored.userId !== expectedUser)) return await failed();
    let info;
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: input.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        credential: { id: stored.credentialId, publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')), counter: stored.counter, transports: parseTransports(stored.transports) },
        requireUserVerification: expectedUser === null,
      });
      if (!verified.verified) return await failed();
      info = verified.authenticationInfo;
    } catch {
      return await failed(); // wrong origin or RP, bad signature, a counter gone backwards
    }
    if (owner.status !== 'enabled') throw new AppError('errors.userDisabled', 401);
    const at = new Date(sessionNow()).toISOString();
    if (!(await recordPasskeyUse(db, stored.id, { previousCounter: stored.counter, counter: info.newCounter, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType, at }))) return await failed();
    row = expectedUser === null ? owner : await accountOfTicket(db, input.ticket, 'second-factor', true);
    await attempt.succeed();
  } finally {
    await attempt.release();
  }
  return completeSignIn(db, row, {
    origin: { userAgent: origin.userAgent, address: origin.address },
    method: input.ticket === undefined ? 'passkey' : 'password+passkey',
    deviceToken,
    rememberDevice: input.rememberDevice === true,
  });
}
