import { personalClockAllowed, personalClockStatus, STATUS_ACTIONS, type PersonalClockView } from '#domain/clock/personal-clock.ts';
import { localDateOf, localDateTimeToUtcIso } from '#domain/time/zoned-time.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { findClockPunchesSince, findLatestAttendanceWithBreaks, findPersonalClockEmployee } from '../../db/repositories/personal-clock.ts';
import { getSettings } from '../get-settings.ts';
import { overtimeQuestion } from '../attendance/choose-overtime.ts';

export type { PersonalClockView };

/** Whether the employee may use the personal clock (active, company switch and override). */
export async function personalClockAllowedFor(db: Db, employeeId: number): Promise<boolean> {
  const row = await findPersonalClockEmployee(db, employeeId);
  return row !== undefined && row.status === 'active' && personalClockAllowed({ personalClock: row.companyPersonalClock }, row);
}

/** The personal clock of the session's own employee; undefined when the employee does not exist. */
export async function personalClockView(db: Db, employeeId: number): Promise<PersonalClockView | undefined> {
  const row = await findPersonalClockEmployee(db, employeeId);
  if (!row) return undefined;
  const { timezone } = await getSettings(db);
  const today = localDateOf(nowMs(), timezone);
  const latest = await findLatestAttendanceWithBreaks(db, employeeId);
  const status = personalClockStatus(latest);
  const midnight = localDateTimeToUtcIso(today, '00:00', timezone);
  const since = status !== 'out' && latest && latest.timeIn < midnight ? latest.timeIn : midnight;
  const punches = await findClockPunchesSince(db, employeeId, since);
  // Decision 070: a day closed today with overtime nobody has marked asks "paid or rest".
  const question = status === 'out' && latest && latest.timeOut !== null && latest.timeOut >= midnight ? await overtimeQuestion(db, employeeId, latest.date) : null;
  return {
    employee: { firstName: row.firstName, lastName: row.lastName },
    allowed: row.status === 'active' && personalClockAllowed({ personalClock: row.companyPersonalClock }, row),
    status,
    actions: STATUS_ACTIONS[status],
    openWorkMode: status !== 'out' && latest ? latest.workMode : null,
    today,
    timeZone: timezone,
    proofOfPlace: row.proofOfPlace,
    punches: punches.map((p) => ({ action: p.action, at: p.at, method: p.method, where: p.method === 'personal' ? (p.terminal ?? p.device) : p.terminal, workMode: p.workMode, place: p.place })),
    ...(question ? { overtimeQuestion: question } : {}),
  };
}
