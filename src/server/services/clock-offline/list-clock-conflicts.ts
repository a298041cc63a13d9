import type { ClockConflictDto } from '#domain/clock/late-punch-conflict.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { countOpenClockConflicts, listClockConflicts } from '../../db/repositories/clock-conflicts.ts';
import { getSettings } from '../get-settings.ts';
import { toConflictDto } from './conflict-dto.ts';

const PAGE_SIZE_MAX = 100;

/**
 * Late punches waiting for an administrator (decision 046): `status` open (default; oldest first)
 * or closed (resolved and dismissed; newest first), `page`, `pageSize` (1-100, default 25).
 * Unknown values fall back to the defaults: a list URL never fails.
 */
export async function listConflicts(db: Db, params: URLSearchParams, lang: Language): Promise<{ data: ClockConflictDto[]; total: number }> {
  const status = params.get('status') === 'closed' ? 'closed' : 'open';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const asked = Math.floor(Number(params.get('pageSize'))) || 25;
  const pageSize = Math.min(PAGE_SIZE_MAX, Math.max(1, asked));
  const { timezone } = await getSettings(db);
  const { data, total } = await listClockConflicts(db, { status, page, pageSize });
  return { data: data.map((row) => toConflictDto(row, lang, timezone)), total };
}

/** Open conflicts (the dashboard card and the navigation). */
export function openConflictCount(db: Db): Promise<number> {
  return countOpenClockConflicts(db);
}
