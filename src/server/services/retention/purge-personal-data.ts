import { rm } from 'node:fs/promises';
import path from 'node:path';
import { dueForPurge, firstPurgeAt, keptUntil, PURGE_MIGRATION, purgedLabel } from '#domain/retention/retention-rules.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { activeLegalHolds } from '../../db/repositories/legal-holds.ts';
import { migrationAppliedAt, purgePersonalData, retentionCandidates, type PurgeCounts } from '../../db/repositories/personal-data-purge.ts';
import { readSettings } from '../../db/repositories/settings.ts';
import { log } from '../../log.ts';
import { employeePhotosDir } from '../employees/photo-files.ts';
import { punchPhotosDir } from '../punch/punch-photos.ts';

export interface PurgedPerson {
  employeeId: number;
  /** The last day on the record plus the retention years: the last day the data had to be kept. */
  keptUntil: string;
  counts: PurgeCounts;
}

/**
 * The retention purge (decision 083): the personal data of people who left, whose last day plus
 * `recordRetentionYears` (at least 4) is past and whom no legal hold covers, is removed; the working
 * time figures and the chained rows stay (the chain still verifies). One transaction per person,
 * with an audit entry (`employee`, `purge`, the counts) and a log line; their photo files go after
 * the commit. Runs on `now`'s date in the company time zone.
 */
export async function purgeExpiredPersonalData(db: Db, now = nowMs()): Promise<PurgedPerson[]> {
  // The first 30 days after the upgrade remove nobody (FIRST_PURGE_AFTER_DAYS): time to place holds.
  const gained = await migrationAppliedAt(db, PURGE_MIGRATION);
  if (gained === undefined || now < firstPurgeAt(gained)) return [];
  const settings = await readSettings(db);
  const today = localDateOf(now, settings.timezone);
  const due = dueForPurge(await retentionCandidates(db), await activeLegalHolds(db), today, settings.recordRetentionYears);
  const purged: PurgedPerson[] = [];
  for (const person of due) {
    const at = new Date(now).toISOString();
    const until = keptUntil(person, settings.recordRetentionYears)!;
    const result = await db.transaction().execute(async (trx) => {
      // Checked again inside the unit of work: a hold placed meanwhile wins.
      const [still] = dueForPurge(
        (await retentionCandidates(trx)).filter((c) => c.employeeId === person.employeeId),
        await activeLegalHolds(trx),
        today,
        settings.recordRetentionYears,
      );
      if (!still) return undefined;
      const done = await purgePersonalData(trx, person.employeeId, purgedLabel(person.employeeId), at);
      await appendAudit(trx, {
        userId: null,
        entity: 'employee',
        entityId: person.employeeId,
        action: 'purge',
        before: null,
        after: { retentionYears: settings.recordRetentionYears, keptUntil: until, ...done.counts },
        at,
      });
      return done;
    });
    if (!result) continue;
    await removeFiles(person.employeeId, result.punchPhotoFiles);
    purged.push({ employeeId: person.employeeId, keptUntil: until, counts: result.counts });
    log.info({ employeeId: person.employeeId, keptUntil: until, ...result.counts }, `Retention purge: removed the personal data of employee ${person.employeeId} (kept until ${until}).`);
  }
  return purged;
}

/** The person's photo folder and punch photos; a file already gone is fine. */
async function removeFiles(employeeId: number, punchPhotoFiles: readonly string[]): Promise<void> {
  await rm(employeePhotosDir(employeeId), { recursive: true, force: true });
  for (const file of punchPhotoFiles) await rm(path.join(punchPhotosDir(), path.basename(file)), { force: true });
}

const DAY_MS = 86_400_000;
let timer: NodeJS.Timeout | undefined;

/** Purges now and then once a day (like the punch photos' purge); failures are logged, never fatal. */
export function scheduleRetentionPurge(db: Db): void {
  const run = async () => {
    try {
      const purged = await purgeExpiredPersonalData(db);
      if (purged.length > 0) log.info({ people: purged.length, at: nowIso() }, `Retention purge: ${purged.length} person(s) purged.`);
    } catch (error) {
      log.error({ err: error }, 'Retention purge failed');
    }
  };
  void run();
  stopRetentionPurge();
  timer = setInterval(run, DAY_MS);
  timer.unref();
}

export function stopRetentionPurge(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
