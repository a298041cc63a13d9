import type { APIContext } from 'astro';
import { getDb } from '../db/connection.ts';
import { getSettings } from '../services/get-settings.ts';
import type { SessionOrigin } from '../services/sign-in/start-session.ts';
import { terminalAddress } from './terminal-address.ts';

/** Where a new session comes from (its row keeps them): the browser's User-Agent and the client address. */
export async function sessionOrigin(context: APIContext): Promise<SessionOrigin> {
  return {
    userAgent: context.request.headers.get('user-agent'),
    address: terminalAddress(context, await getSettings(await getDb())),
  };
}
