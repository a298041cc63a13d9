import type { Language } from '#i18n/languages.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { insertHolidays } from '../../db/repositories/org/holidays.ts';
import { lockedCompanyDates } from '../../db/repositories/record-lock.ts';
import { checkedImportInput, planFor } from './preview-holiday-import.ts';

export interface HolidayImportResult {
  imported: number;
  /** Days left out because they already hold a holiday. */
  skipped: number;
  /** Days left out because they are inside a period some employee of the company has approved (decision 051). */
  locked: number;
}

/**
 * `POST /api/holidays/import` `{company, country, region, year}`: writes the year's public
 * holidays the company does not have yet (one per day; days already holding a holiday, imported
 * or added by hand, are kept as they are) and audits the import as one entry. A date inside an
 * approved period of any employee of the company is left out too (the lock, decision 051): the
 * import takes effect only on open dates; such a holiday is added by hand after reopening.
 * `actorId` null: the system imported them (the demo data set).
 */
export async function importPublicHolidays(db: Db, input: unknown, actorId: number | null, lang: Language): Promise<HolidayImportResult> {
  const data = await checkedImportInput(db, input);
  return db.transaction().execute(async (trx) => {
    const plan = await planFor(trx, data, lang);
    const wanted = plan.filter((h) => h.status === 'new');
    const locked = await lockedCompanyDates(
      trx,
      data.company,
      wanted.map((h) => h.date),
    );
    const fresh = wanted.filter((h) => !locked.has(h.date)).map((h) => ({ date: h.date, name: h.name }));
    const at = nowIso();
    await insertHolidays(trx, data.company, fresh, at);
    await appendAudit(trx, { userId: actorId, entity: 'holiday', entityId: null, action: 'import', after: { ...data, dates: fresh.map((h) => h.date), lockedDates: [...locked.keys()] }, at });
    return { imported: fresh.length, skipped: plan.length - wanted.length, locked: locked.size };
  });
}
