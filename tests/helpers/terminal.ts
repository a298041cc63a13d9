import type { BrowserContext } from 'playwright-core';
import { TERMINAL_COOKIE, TERMINAL_HEADER, type TerminalMethod } from '../../src/domain/terminals/terminal-rules.ts';
import type { Client } from './http-client.ts';

export interface PairedTestTerminal {
  id: number;
  name: string;
  credential: string;
  /** Headers that make any request come from this terminal. */
  headers: Record<string, string>;
}

/**
 * Creates a terminal as `admin` (setting.update) and pairs it with its one-time code, as a
 * device would (decision 042). Throws when either step is refused.
 */
export async function pairTerminal(baseUrl: string, admin: Client, options: { name?: string; location?: string; methods?: TerminalMethod[]; doorCode?: boolean } = {}): Promise<PairedTestTerminal> {
  const name = options.name ?? `Terminal ${Math.random().toString(36).slice(2, 8)}`;
  const created = await admin.post('/api/terminals', { name, location: options.location ?? '', methods: options.methods ?? ['face', 'pin', 'badge'], ...(options.doorCode ? { doorCode: true } : {}) });
  if (created.status !== 201) throw new Error(`creating a terminal: ${created.status} ${await created.text()}`);
  const { data, pairingCode } = (await created.json()) as { data: { _id: number }; pairingCode: string };
  const paired = await fetch(`${baseUrl}/api/terminal/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: pairingCode, device: true }) });
  if (paired.status !== 200) throw new Error(`pairing a terminal: ${paired.status} ${await paired.text()}`);
  const { credential } = (await paired.json()) as { credential: string };
  return { id: data._id, name, credential, headers: { [TERMINAL_HEADER]: credential } };
}

/** Makes a browser context a paired terminal: its pages send the terminal cookie (HttpOnly, as after pairing). */
export async function pairBrowserContext(context: BrowserContext, baseUrl: string, credential: string): Promise<void> {
  const url = new URL(baseUrl);
  await context.addCookies([{ name: TERMINAL_COOKIE, value: credential, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Strict', secure: false }]);
}
