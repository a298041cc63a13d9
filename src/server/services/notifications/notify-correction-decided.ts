import type { Db } from '../../db/connection.ts';
import { notifyEmployee } from './notify.ts';
import { correctionDecidedEmail, type CorrectionDecidedFacts } from './templates/correction-decided.ts';

/**
 * A worker's correction request was approved or declined (call inside the decision's
 * transaction): the worker is told, as for leave (issue 37.15). Each request is decided once, so
 * its id and status make the key.
 */
export async function notifyCorrectionDecided(trx: Db, f: { requestId: number; employeeId: number } & Omit<CorrectionDecidedFacts, 'link'>): Promise<void> {
  await notifyEmployee(trx, {
    kind: 'correctionDecided',
    employeeId: f.employeeId,
    dedupeKey: `correctionDecided:${f.requestId}:${f.status}`,
    content: (lang, t, link) => correctionDecidedEmail(lang, t, { status: f.status, date: f.date, deciderName: f.deciderName, comment: f.comment, link: link('/personal/attendance') }),
  });
}
