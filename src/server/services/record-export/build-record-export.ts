import { monthPeriod } from '#domain/reports/periods.ts';
import { sealRecordExport, type ExportItem, type RecordExport } from '#domain/record-export/record-export.ts';
import { emptyTimeApart } from '#domain/worktime/time-apart.ts';
import { nowIso } from '../../clock/now.ts';
import { sha256Hex } from '../../db/chain-hash.ts';
import type { Db } from '../../db/connection.ts';
import { acceptancesOf, commentSaltsOf } from '../../db/repositories/attendance-correction-acceptances.ts';
import { correctionRequestsOn } from '../../db/repositories/attendance-correction-requests.ts';
import { chainEntriesOfCompanies, companiesOfEmployees, exportAttendances, exportBreaks, exportCompanies, exportPunches, exportRevisions } from '../../db/repositories/record-export-data.ts';
import type { EmployeeFilter } from '../../db/repositories/report-data.ts';
import { interruptionsIn, standbyIn } from '../../db/repositories/time-apart.ts';
import { complementaryByEmployee } from '../../db/repositories/complementary-hours.ts';
import { monthlyRecords } from '../reports/monthly-records.ts';

/**
 * The open export of the monthly record (decision 084) for the employees under `filter`: the
 * workers and days exactly as the monthly record gives them (`monthlyRecords` ->
 * `buildMonthlyRecord`/`dayFigures`, never recomputed here), the month's punches, breaks,
 * revisions, the worker's requests and answers, voided days, and the whole record chain of each
 * company concerned, sealed (`sealRecordExport`). Read in one transaction, so the chain and the
 * rows it stands for are one state.
 */
export async function buildRecordExport(db: Db, filter: EmployeeFilter, month: string): Promise<RecordExport> {
  return db.transaction().execute(async (trx) => {
    const period = monthPeriod(month);
    const records = await monthlyRecords(trx, filter, month, { withRevisions: true });
    const employeeIds = records.records.map((r) => r.employee.id);
    const exported = new Set(employeeIds);
    const companyOf = await companiesOfEmployees(trx, employeeIds);
    const companyIds = [...new Set(companyOf.values())].sort((a, b) => a - b);
    const attendances = (await exportAttendances(trx, filter, period)).filter((a) => exported.has(a.employeeId));
    const ids = attendances.map((a) => a.id);
    const live = new Map(attendances.filter((a) => a.voidedAt === null).map((a) => [`${a.employeeId} ${a.date}`, a.id]));
    const employeeOfAttendance = new Map(attendances.map((a) => [a.id, a.employeeId]));

    const workers: ExportItem[] = [];
    const totals: ExportItem[] = [];
    const days: ExportItem[] = [];
    for (const { employee: e, record, frozenAt, acknowledgedAt } of records.records) {
      workers.push({
        id: e.id,
        companyId: companyOf.get(e.id) ?? null,
        name: e.name,
        nationalId: e.nationalId,
        socialSecurityNumber: e.socialSecurityNumber,
        department: e.departmentName,
        jobTitle: e.jobTitleName,
        workingDayType: e.workingDayType,
        partTimePercent: e.partTimePercent,
      });
      const { timeApart, ...figures } = record.totals;
      // Categories a record's totals carry only when not zero (decision 081) are always in the export.
      const categories = {
        overtimeForceMajeureSeconds: 0,
        complementaryAgreedSeconds: 0,
        complementaryVoluntarySeconds: 0,
        complementaryExceedingSeconds: 0,
        complementaryNotAllowedSeconds: 0,
      };
      totals.push({ employeeId: e.id, frozenAt: frozenAt ?? null, ...categories, ...figures, ...(timeApart ?? emptyTimeApart()), acknowledgedAt });
      for (const d of record.days)
        days.push({
          employeeId: e.id,
          date: d.date,
          attendanceId: live.get(`${e.id} ${d.date}`) ?? null,
          kind: d.kind,
          timezone: d.timezone,
          timeIn: d.timeIn,
          timeOut: d.timeOut,
          breakSeconds: d.breakSeconds,
          workedSeconds: d.workedSeconds,
          countedSeconds: d.countedSeconds,
          deductedSeconds: d.deductedSeconds,
          expectedSeconds: d.expectedSeconds,
          ordinarySeconds: d.ordinarySeconds,
          overtimeSeconds: d.overtimeSeconds,
          complementarySeconds: d.complementarySeconds,
          lateSeconds: d.lateSeconds,
          earlyDepartureSeconds: d.earlyDepartureSeconds,
          leaveType: d.leaveType,
          holiday: d.holiday,
          workMode: d.workMode,
          overtimeCompensation: d.overtimeCompensation,
          overtimeForceMajeure: d.overtimeForceMajeure ?? null,
          complementaryAgreedSeconds: d.complementarySplit?.agreedSeconds ?? 0,
          complementaryVoluntarySeconds: d.complementarySplit?.voluntarySeconds ?? 0,
          complementaryExceedingSeconds: d.complementarySplit?.exceedingSeconds ?? 0,
          complementaryNotAllowedSeconds: d.complementarySplit?.notAllowedSeconds ?? 0,
          corrected: d.corrected,
          source: d.source,
          reason: d.reason,
          workFlag: d.workFlag,
          closedAutomatically: d.closedAutomatically ?? false,
        });
    }
    const punches = (await exportPunches(trx, ids)).map((p): ExportItem => ({ ...p }));
    const breaks = (await exportBreaks(trx, ids)).map((b): ExportItem => ({ id: b.id, attendanceId: b.attendanceId, employeeId: employeeOfAttendance.get(b.attendanceId) ?? null, startAt: b.startAt, endAt: b.endAt }));
    const revisions = (await exportRevisions(trx, ids)).map((r): ExportItem => ({ ...r, breaks: r.breaks.map((b) => ({ startAt: b.startAt, endAt: b.endAt })) }));
    const requests = (await correctionRequestsOn(trx, employeeIds, period.from, period.to)).map((r): ExportItem => ({
      id: r.id,
      employeeId: r.employeeId,
      attendanceId: r.attendanceId,
      date: r.date,
      kind: r.kind,
      timeIn: r.timeIn,
      timeOut: r.timeOut,
      breakIn: r.breakIn,
      breakOut: r.breakOut,
      reason: r.reason,
      status: r.status,
      createdBy: r.createdBy,
      createdAt: r.createdAt,
      decidedBy: r.decidedBy,
      decidedAt: r.decidedAt,
      comment: r.comment,
      appliedRevision: r.appliedRevision,
    }));
    // The comment's salt: the verifier checks SHA-256(salt + comment) against the chained digest (decision 083).
    const acceptances = await acceptancesOf(trx, ids);
    const salts = await commentSaltsOf(
      trx,
      acceptances.map((a) => a.id),
    );
    const answers = acceptances.map((a): ExportItem => ({ ...a, commentSalt: salts.get(a.id) ?? null }));
    const voids = attendances
      .filter((a) => a.voidedAt !== null)
      .map((a): ExportItem => ({
        attendanceId: a.id,
        employeeId: a.employeeId,
        date: a.date,
        timeIn: a.timeIn,
        timeOut: a.timeOut,
        workedSeconds: a.workedSeconds,
        voidedAt: a.voidedAt,
        voidedBy: a.voidedBy,
        voidReason: a.voidReason ?? '',
        voidReasonSalt: a.voidReasonSalt,
      }));
    const complementary = await complementaryByEmployee(trx, filter, period);
    const pacts = employeeIds.flatMap((id) => complementary.get(id)?.pacts ?? []).map((r): ExportItem => ({ ...r }));
    const offers = employeeIds.flatMap((id) => complementary.get(id)?.offers ?? []).map((r): ExportItem => ({ ...r }));
    const standby = (await standbyIn(trx, filter, period)).filter((r) => exported.has(r.employeeId)).map((r): ExportItem => ({ ...r }));
    // workDone as stored and chained (0/1), so the verifier compares it with the entry's payload.
    const interruptions = (await interruptionsIn(trx, filter, period)).filter((r) => exported.has(r.employeeId)).map((r): ExportItem => ({ ...r, workDone: r.workDone ? 1 : 0 }));
    const chain = (await chainEntriesOfCompanies(trx, companyIds)).map((c): ExportItem => ({ ...c }));
    const companies = (await exportCompanies(trx, companyIds)).map((c): ExportItem => ({ ...c }));
    return sealRecordExport(
      {
        exportedAt: nowIso(),
        timezone: records.timezone,
        scope: { month, from: period.from, to: period.to, employeeId: filter.employee ?? null, departmentId: filter.department ?? null },
        sections: { companies, workers, totals, days, punches, breaks, revisions, requests, answers, voids, pacts, offers, standby, interruptions, chain },
      },
      sha256Hex,
    );
  });
}
