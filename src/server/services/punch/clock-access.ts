import { ipAllowed, parseIpList, type IpRule } from '#domain/net/ip-list.ts';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';

let parsed: { text: string; rules: IpRule[] } | undefined;

/**
 * The web clock's IP restriction (settings `ipRestriction`; empty = any address). Throws the
 * spec's "Access Denied" (403) for an address outside the list.
 */
export async function assertClockAllowedFrom(db: Db, address: string): Promise<void> {
  const text = (await getSettings(db)).ipRestriction;
  if (parsed?.text !== text) parsed = { text, rules: parseIpList(text).rules };
  if (!ipAllowed(address, parsed.rules)) throw forbidden();
}
