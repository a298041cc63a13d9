import type { APIContext } from 'astro';
import { getDb } from '../db/connection.ts';
import { getSettings } from '../services/get-settings.ts';
import { requestIsHttps } from './terminal-address.ts';

/** The browser's device cookie (decision 093): names the browser across sign-ins, never a session. */
export const DEVICE_COOKIE = 'jornada_device';
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export function deviceTokenOf(context: APIContext): string | undefined {
  return context.cookies.get(DEVICE_COOKIE)?.value;
}

export async function setDeviceCookie(context: APIContext, token: string): Promise<void> {
  const secure = requestIsHttps(context, await getSettings(await getDb()));
  context.cookies.set(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: MAX_AGE_SECONDS });
}
