import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { deletePositionsPastRetention } from '../../db/repositories/workplaces.ts';
import { log } from '../../log.ts';

const DAY_MS = 86_400_000;

/**
 * Deletes punches' raw positions past their company's `position_retention_days` (decision 068).
 * The punch keeps its place (inside, outside, unknown). Returns how many positions went.
 */
export function purgePunchPositions(db: Db, now = nowMs()): Promise<number> {
  return deletePositionsPastRetention(db, now);
}

let timer: NodeJS.Timeout | undefined;

/**
 * Purges now and then once a day, as the punch photos' purge does (punch-photos.ts): each company's
 * retention is read at every run, so a change applies at the next one. Failures are logged, never fatal.
 */
export function schedulePunchPositionPurge(db: Db): void {
  const run = async () => {
    try {
      const removed = await purgePunchPositions(db);
      if (removed > 0) log.info({ removed }, `Deleted ${removed} punch position(s) past the retention period.`);
    } catch (error) {
      log.error({ err: error }, 'Punch position purge failed');
    }
  };
  void run();
  if (timer) clearInterval(timer);
  timer = setInterval(run, DAY_MS);
  timer.unref();
}
