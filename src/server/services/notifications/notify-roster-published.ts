import type { DayChange } from '#domain/roster/publish-diff.ts';
import type { Db } from '../../db/connection.ts';
import { notifyEmployee } from './notify.ts';
import { rosterPublishedEmail } from './templates/roster-published.ts';

/**
 * A publication changed a worker's days (call inside the publish transaction): one email listing
 * each changed date, before → after (decision 085). Mutable; once per publication and worker.
 */
export function notifyRosterPublished(trx: Db, f: { publicationId: number; employeeId: number; changes: readonly DayChange[] }): Promise<number> {
  return notifyEmployee(trx, {
    kind: 'rosterPublished',
    employeeId: f.employeeId,
    dedupeKey: `rosterPublished:${f.publicationId}:${f.employeeId}`,
    content: (lang, t, link) => rosterPublishedEmail(lang, t, { changes: f.changes, link: link('/personal/schedule') }),
  });
}
