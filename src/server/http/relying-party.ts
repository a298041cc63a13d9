import type { APIContext } from 'astro';
import { relyingPartyOf, type RelyingParty } from '#domain/auth/relying-party.ts';
import { getDb } from '../db/connection.ts';
import { getSettings } from '../services/get-settings.ts';
import { requestIsHttps } from './terminal-address.ts';

/** The request's WebAuthn relying party (decision 091): its host and origin, HTTPS as a trusted TLS proxy says. */
export async function relyingParty(context: APIContext): Promise<RelyingParty> {
  return relyingPartyOf(context.url, requestIsHttps(context, await getSettings(await getDb())));
}
