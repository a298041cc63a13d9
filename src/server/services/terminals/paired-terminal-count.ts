import type { Db } from '../../db/connection.ts';
import { countPairedTerminals } from '../../db/repositories/terminals.ts';

/**
 * How many terminals are paired and not revoked, installation-wide: with one, Settings proposes
 * switching unpaired punches off (issue 34.3, decision 025).
 */
export function pairedTerminalCount(db: Db): Promise<number> {
  return countPairedTerminals(db);
}
