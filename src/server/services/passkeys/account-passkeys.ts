import { generateRegistrationOptions, verifyRegistrationResponse, type PublicKeyCredentialCreationOptionsJSON, type RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AddPasskeyInput, PasskeyDto } from '#domain/auth/passkey-schemas.ts';
import { RP_NAME, type RelyingParty } from '#domain/auth/relying-party.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findPasskeyByCredentialId, insertPasskey, listPasskeys, renamePasskey, type PasskeyRow } from '../../db/repositories/passkeys.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { issueRecoveryCodes } from '../two-factor/recovery-codes.ts';
import { sessionNow } from '../sign-in/start-session.ts';
import { factorsOf, hasSecondFactor } from '../sign-in/two-factor-policy.ts';
import { challengeOfResponse, newPasskeyChallenge, takePasskeyChallenge } from './passkey-challenge.ts';

/** The account's own passkeys (decision 091); each account sees and changes only its own. */
export interface PasskeyAccount {
  id: number;
  email: string;
  name: string;
}

export function toPasskeyDto(row: PasskeyRow): PasskeyDto {
  const deviceType = row.deviceType === 'singleDevice' || row.deviceType === 'multiDevice' ? row.deviceType : null;
  return { _id: Number(row.id), name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, deviceType, backedUp: row.backedUp === 1 };
}

export async function accountPasskeys(db: Db, userId: number): Promise<PasskeyDto[]> {
  return (await listPasskeys(db, userId)).map(toPasskeyDto);
}

/** The account's WebAuthn user handle: its id as text (stable, so an authenticator keeps one passkey per account; no personal data). */
export const userHandleOf = (userId: number) => new Uint8Array(Buffer.from(String(userId), 'utf8'));

/**
 * Options for navigator.credentials.create: a discoverable credential (residentKey required, so it
 * can sign in without an email), user verification preferred, the account's passkeys excluded.
 */
export async function passkeyRegistrationOptions(db: Db, account: PasskeyAccount, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const own = await listPasskeys(db, account.id);
  const challenge = await newPasskeyChallenge(db, 'passkey-register', account.id);
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: account.email,
    userDisplayName: account.name,
    userID: userHandleOf(account.id),
    challenge: challenge.bytes,
    timeout: 5 * 60 * 1000,
    attestationType: 'none',
    excludeCredentials: own.map((p) => ({ id: p.credentialId, transports: parseTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/**
 * Verifies the browser's new credential against the account's live registration challenge (taken
 * first: one try per ceremony) and stores it. A credential id already stored (on any account) is
 * 409. The account's first factor gets ten recovery codes when it has none (answered once).
 */
export async function addPasskey(db: Db, account: PasskeyAccount, input: AddPasskeyInput, rp: RelyingParty): Promise<{ passkey: PasskeyDto; recoveryCodes?: string[] }> {
  const response = input.response as unknown as RegistrationResponseJSON;
  const challenge = await takePasskeyChallenge(db, 'passkey-register', challengeOfResponse(input.response));
  if (!challenge || challenge.userId !== account.id) throw new AppError('passkeys.expired', 400);
  let info;
  try {
    const verified = await verifyRegistrationResponse({ response, expectedChallenge: challengeOfResponse(input.response)!, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: false });
    if (!verified.verified) throw new Error('not verified');
    info = verified.registrationInfo;
  } catch {
    throw new AppError('passkeys.notVerified', 400);
  }
  if (await findPasskeyByCredentialId(db, info.credential.id)) throw new AppError('passkeys.duplicate', 409);
  const before = await factorsOf(db, account.id);
  const at = new Date(sessionNow()).toISOString();
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const newId = await insertPasskey(trx, {
        userId: account.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ? JSON.stringify(info.credential.transports) : null,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp ? 1 : 0,
        name: input.name,
        createdAt: at,
        lastUsedAt: null,
      });
      await appendAudit(trx, { userId: account.id, entity: 'user', entityId: account.id, action: 'passkey-add', after: { passkey: newId, name: input.name }, at });
      return newId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('passkeys.duplicate', 409);
    throw error;
  }
  const row = (await listPasskeys(db, account.id)).find((p) => Number(p.id) === id)!;
  if (!hasSecondFactor(before) && before.recoveryCodesLeft === 0) return { passkey: toPasskeyDto(row), recoveryCodes: await issueRecoveryCodes(db, account.id) };
  return { passkey: toPasskeyDto(row) };
}

export async function renameAccountPasskey(db: Db, userId: number, id: number, name: string): Promise<void> {
  const done = await db.transaction().execute(async (trx) => {
    if (!(await renamePasskey(trx, userId, id, name))) return false;
    await appendAudit(trx, { userId, entity: 'user', entityId: userId, action: 'passkey-rename', after: { passkey: id, name } });
    return true;
  });
  if (!done) throw notFound();
}

export function parseTransports(text: string | null): AuthenticatorTransportFuture[] | undefined {
  if (!text) return undefined;
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? (list.filter((t) => typeof t === 'string') as AuthenticatorTransportFuture[]) : undefined;
  } catch {
    return undefined;
  }
}

type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';
