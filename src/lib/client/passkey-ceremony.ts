import { startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { SignInAnswer } from '../../domain/auth/sign-in-contract.ts';
import type { PasskeyDto } from '../../domain/auth/passkey-schemas.ts';
import type { Language } from '../../i18n/languages.ts';
import { api } from './api.ts';

/**
 * The browser's half of the passkey ceremonies (decision 091): ask the server for options, let
 * the browser and authenticator answer, send the answer back. The user closing the prompt (or its
 * timeout) answers undefined, shown as such rather than as a server error.
 */
async function ceremony<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED')) return undefined;
    throw error;
  }
}

/** A passkey sign-in: passwordless without `ticket`, the second factor of the ticket's sign-in with one. */
export async function passkeySignIn(lang: Language, ticket?: string, rememberDevice?: boolean): Promise<SignInAnswer | undefined> {
  const start = await api('POST /api/user/login/passkey/options', { lang, redirectOnExpiry: false, body: ticket ? { ticket } : {} });
  const response = await ceremony(() => startAuthentication({ optionsJSON: start.options as PublicKeyCredentialRequestOptionsJSON }));
  if (!response) return undefined;
  return api('POST /api/user/login/passkey', {
    lang,
    redirectOnExpiry: false,
    body: { challenge: start.challenge, response, ...(ticket ? { ticket, rememberDevice: rememberDevice === true } : {}) },
  });
}

/** Creates a passkey for the signed-in account; `recoveryCodes` come with the account's first factor. */
export async function addPasskey(lang: Language, name: string): Promise<{ data: PasskeyDto; recoveryCodes?: string[]; message: string } | undefined> {
  const start = await api('POST /api/account/passkeys/options', { lang });
  const response = await ceremony(() => startRegistration({ optionsJSON: start.options as PublicKeyCredentialCreationOptionsJSON }));
  if (!response) return undefined;
  return api('POST /api/account/passkeys', { lang, body: { name, response } });
}
