import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { computeAttendanceMetrics } from '../../src/domain/attendance/attendance-metrics.ts';
import { payrollMonth } from '../../src/domain/payroll/payroll-month.ts';
import { periodTotals } from '../../src/domain/periods/period-exceptions.ts';
import { periodWarnings } from '../../src/domain/periods/period-warnings.ts';
import { warningLimitsOf } from '../../src/domain/worktime/worktime-settings.ts';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import { monthPeriod } from '../../src/domain/reports/periods.ts';
import { recordNotes } from '../../src/domain/reports/record-notes.ts';
import { recordTotalLines, recordTotalsLabel } from '../../src/domain/reports/record-totals.ts';
import { isNightSchedule, type ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { DEFAULT_BREAK_RULES } from '../../src/domain/worktime/break-rules.ts';
import { hoursBalance, type BalanceDay } from '../../src/domain/worktime/hours-balance.ts';
import { withWorkTimeWarnings } from '../../src/domain/worktime/work-time-warnings-by-day.ts';
import { DEFAULT_WARNING_LIMITS } from '../../src/domain/worktime/work-time-warnings.ts';
import { translate } from '../../src/i18n/translate.ts';
import { balanceDays } from '../../src/server/services/balance/hours-balances.ts';
import { exportMonthlyRecords } from '../../src/server/services/reports/export-monthly-records.ts';
import type { MonthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import es from '../../src/i18n/es.json' with { type: 'json' };

// Issue 33 point 5: what the signed record says is what the law says. March 2026 in Madrid
// (UTC+1 until the 29th). Every figure is worked out by hand.
const ZONE = 'Europe/Madrid';
const H = 3600;
const calendar = createDayCalendar(ZONE);
const period = monthPeriod('2026-03');
const today = '2026-04-02';
const sched = (startTime: string, offTime: string, totalHours: number): ScheduleRule => ({
  id: 1,
  startTime,
  offTime,
  totalHours,
  restDays: ['Saturday', 'Sunday'],
  fromDate: '2026-01-01',
  toDate: null,
  status: 'current',
});
const office = sched('09:00', '17:00', 8);

/** A day from local wall-clock times (an end before the start is on the next day). */
function day(date: string, from: string, to: string | null, schedule: ScheduleRule | undefined = office, extra: Partial<RecordAttendance> = {}): RecordAttendance {
  const at = (d: string, hhmm: string) => new Date(Date.parse(`${d}T${hhmm}:00+01:00`)).toISOString();
  const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const shift = { timeIn: at(date, from), timeOut: to === null ? null : at(to < from ? next : date, to), breaks: [] };
  const metrics = computeAttendanceMetrics({ date, timeZone: ZONE, graceMinutes: 5, schedule, shift });
  return { date, ...shift, ...metrics, timezone: ZONE, revision: 1, reason: null, source: 'clock', ...extra };
}

function record(input: { schedules: ScheduleRule[]; attendances: RecordAttendance[]; partTime?: boolean; leave?: [string, string][]; holidays?: [string, string][] }) {
  return buildMonthlyRecord({
    period,
    today,
    calendar,
    schedules: input.schedules,
    leaveByDate: new Map(input.leave ?? []),
    holidays: new Map(input.holidays ?? []),
    attendances: input.attendances,
    breakRules: DEFAULT_BREAK_RULES,
    ...(input.partTime ? { partTime: true } : {}),
  });
}

const dayOf = (r: ReturnType<typeof record>, date: string) => r.days.find((d) => d.date === date)!;
const noteKeys = (r: ReturnType<typeof record>, date: string) => recordNotes(dayOf(r, date), '2026-04-02T10:00:00.000Z').map((n) => n.key);

describe('the long day limit is judged on ordinary hours (art. 34.3 ET)', () => {
  // A 7 h 30 min schedule; two days of 9 h 30 min: 2 h overtime each, 7 h 30 min ordinary.
  const short = sched('09:00', '16:30', 7.5);
  const r = record({ schedules: [short], attendances: [day('2026-03-02', '09:00', '18:30', short), day('2026-03-03', '09:00', '18:30', short)] });

  it('two 9 h 30 min days with 2 h of overtime each are not flagged on the record nor on the period close', () => {
    expect(dayOf(r, '2026-03-02')).toMatchObject({ overtimeSeconds: 2 * H, ordinarySeconds: 7.5 * H });
    const warned = withWorkTimeWarnings(r, DEFAULT_WARNING_LIMITS);
    expect(warned.days.flatMap((d) => d.warnings ?? []).filter((w) => w.kind === 'longDay')).toEqual([]);
    expect(periodWarnings(r.days, warningLimitsOf({ maxOrdinaryDailyHours: 9 }), period).filter((w) => w.kind === 'longDay')).toEqual([]);
  });

  it('a schedule of 10 ordinary hours is flagged with the ordinary hours measured', () => {
    const long = sched('08:00', '18:00', 10);
    const r10 = record({ schedules: [long], attendances: [day('2026-03-02', '08:00', '18:00', long)] });
    const warned = withWorkTimeWarnings(r10, DEFAULT_WARNING_LIMITS);
    expect(warned.days.flatMap((d) => d.warnings ?? []).filter((w) => w.kind === 'longDay')).toEqual([{ date: '2026-03-02', kind: 'longDay', seconds: 10 * H, limitSeconds: 9 * H }]);
    expect(periodWarnings(r10.days, warningLimitsOf({ maxOrdinaryDailyHours: 9 }), period).map((w) => w.kind)).toContain('longDay');
  });
});

describe('a part-time worker’s hours beyond the contract are complementary hours (art. 12.4.c, 12.5 ET)', () => {
  const half = sched('09:00', '13:00', 4);
  const r = record({ schedules: [half], partTime: true, attendances: [day('2026-03-02', '09:00', '14:00', half), day('2026-03-03', '09:00', '13:00', half)] });

  it('are shown and totalled apart, not as overtime', () => {
    expect(dayOf(r, '2026-03-02')).toMatchObject({ overtimeSeconds: 0, complementarySeconds: 1 * H, ordinarySeconds: 4 * H });
    expect(r.totals).toMatchObject({ overtimeSeconds: 0, complementarySeconds: 1 * H, ordinarySeconds: 8 * H });
    expect(noteKeys(r, '2026-03-02')).toContain('reports.record.complementary');
    expect(recordTotalLines(r.totals)).toEqual([{ id: 'complementary', key: 'reports.record.complementaryTotal', seconds: H }]);
    expect(translate('es', 'reports.record.complementaryTotal')).toContain('Horas complementarias');
  });

  it('are not overtime in payroll nor in the 80 h cap', () => {
    const pay = payrollMonth({ days: r.days, schedules: [half], calendar, leaves: [], breaksPaid: false });
    expect(pay).toMatchObject({ overtimeSeconds: 0, complementarySeconds: H, ordinarySeconds: 8 * H, countedSeconds: 9 * H });
    const { days } = balanceDays(period.from, period.to, {
      today,
      breakRules: DEFAULT_BREAK_RULES,
      calendar,
      schedules: [half],
      holidays: undefined,
      approvedLeave: new Map(),
      toilTypes: new Set(),
      attendances: [day('2026-03-02', '09:00', '14:00', half)],
      partTime: true,
    });
    expect(days.reduce((s, d) => s + d.overtimeSeconds, 0)).toBe(0);
  });

  it('a full-time worker on the same day works overtime', () => {
    const full = record({ schedules: [half], attendances: [day('2026-03-02', '09:00', '14:00', half)] });
    expect(full.totals).toMatchObject({ overtimeSeconds: H, complementarySeconds: 0 });
  });
});

describe("a night worker's overtime is warned about (art. 36.1 ET)", () => {
  const night = sched('22:00', '06:00', 8);
  it('a schedule with 3 h or more between 22:00 and 06:00 makes a night worker', () => {
    expect(isNightSchedule(night)).toBe(true);
    expect(isNightSchedule(sched('19:00', '03:00', 8))).toBe(true); // 5 h at night
    expect(isNightSchedule(sched('15:00', '23:00', 8))).toBe(false); // 1 h at night
    expect(isNightSchedule(office)).toBe(false);
    expect(isNightSchedule(sched('04:00', '12:00', 8))).toBe(false); // 2 h at night
    expect(isNightSchedule(sched('03:00', '11:00', 8))).toBe(true); // 3 h at night
  });

  it('overtime on a night schedule is warned; the same overtime by day is not', () => {
    const r = record({ schedules: [night], attendances: [day('2026-03-02', '22:00', '07:00', night), day('2026-03-03', '22:00', '06:00', night)] });
    expect(dayOf(r, '2026-03-02').overtimeSeconds).toBe(H);
    const warnings = withWorkTimeWarnings(r, DEFAULT_WARNING_LIMITS).days.flatMap((d) => d.warnings ?? []);
    expect(warnings.filter((w) => w.kind === 'nightOvertime')).toEqual([{ date: '2026-03-02', kind: 'nightOvertime', seconds: H, limitSeconds: 0 }]);
    expect(periodWarnings(r.days, warningLimitsOf({ maxOrdinaryDailyHours: 9 }), period).map((w) => w.kind)).toContain('nightOvertime');
    const byDay = record({ schedules: [office], attendances: [day('2026-03-02', '09:00', '18:00')] });
    expect(
      withWorkTimeWarnings(byDay, DEFAULT_WARNING_LIMITS)
        .days.flatMap((d) => d.warnings ?? [])
        .filter((w) => w.kind === 'nightOvertime'),
    ).toEqual([]);
  });
});

describe('"días trabajados" has one definition on the record and in payroll', () => {
  it('an open day (no check-out) is not a day worked in either; the record names it apart', () => {
    const r = record({ schedules: [office], attendances: [day('2026-03-02', '09:00', '17:00'), day('2026-03-03', '09:00', '17:00'), day('2026-03-04', '09:00', null)] });
    const pay = payrollMonth({ days: r.days, schedules: [office], calendar, leaves: [], breaksPaid: false });
    expect(r.totals.workedDays).toBe(2);
    expect(pay.workedDays).toBe(r.totals.workedDays);
    const label = recordTotalsLabel(r.totals);
    expect(translate('es', label.key, label.params)).toBe('Totales del mes (2 días trabajados; 1 sin salida, sin contar)');
  });
});

describe('"Compensadas con descanso" means one thing', () => {
  it('in the balance report as in payroll: overtime marked compensated with rest', () => {
    const r = record({ schedules: [office], attendances: [day('2026-03-02', '09:00', '19:00', office, { overtimeCompensation: 'rest' }), day('2026-03-03', '09:00', '18:00', office, { overtimeCompensation: 'paid' })] });
    const pay = payrollMonth({ days: r.days, schedules: [office], calendar, leaves: [], breaksPaid: false });
    const balance = hoursBalance(
      r.days.map((d): BalanceDay => ({
        date: d.date,
        kind: d.kind,
        countedSeconds: d.countedSeconds,
        expectedSeconds: d.expectedSeconds,
        overtimeSeconds: d.overtimeSeconds,
        overtimeCompensation: d.overtimeCompensation,
        toilSeconds: 0,
      })),
    );
    expect(balance.restSeconds).toBe(2 * H);
    expect(pay.overtimeCompensatedSeconds).toBe(balance.restSeconds);
    // The report's column of that figure is the one called so; the hours taken off have their own name.
    expect(es.balance.columns.rest).toBe('Compensadas con descanso');
    expect(es.balance.columns.toil).not.toBe(es.balance.columns.rest);
    expect(es.payroll.columns.overtime_compensated_hours).toContain(es.balance.columns.rest.toLowerCase());
  });
});

describe("the record's xlsx", () => {
  it('has one column headed "Horas extra"', async () => {
    const r = record({ schedules: [office], attendances: [day('2026-03-02', '09:00', '18:00')] });
    const records: MonthlyRecords = {
      month: '2026-03',
      period,
      today,
      now: '2026-04-02T10:00:00.000Z',
      timezone: ZONE,
      records: [
        {
          employee: {
            id: 1,
            name: 'Ana Pérez',
            nationalId: '12345678Z',
            companyName: 'X',
            departmentName: 'Y',
            jobTitleName: 'Z',
            companyTaxId: null,
            socialSecurityNumber: null,
            workingDayType: 'full-time',
            partTimePercent: null,
          },
          record: r,
          revisions: {},
          chainHead: null,
          acknowledgedAt: null,
          requests: {},
        },
      ],
    };
    const chunks: Uint8Array[] = [];
    const reader = exportMonthlyRecords(records, { lang: 'es', timeFormat: '1' }).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    let header: string[] = [];
    sheet.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1).map((v) => String(v ?? ''));
      if (values[0] === 'Día' && values[1] !== '') header = values;
    });
    expect(header.length).toBeGreaterThan(5);
    expect(header.filter((h) => h === 'Horas extra')).toHaveLength(1);
  });
});

describe('holiday work', () => {
  it('done exactly on schedule is holiday work, not "Fuera de horario"', () => {
    const r = record({ schedules: [office], holidays: [['2026-03-19', 'San José']], attendances: [day('2026-03-19', '09:00', '17:00')] });
    const keys = noteKeys(r, '2026-03-19');
    expect(keys).not.toContain('reports.record.kinds.extraDay');
    expect(keys).toContain('reports.record.holidayWork');
    expect(keys).toContain('reports.record.holiday');
  });
});

describe('an approved vacation over a day also worked', () => {
  const r = record({ schedules: [office], leave: [['2026-03-10', 'Vacaciones']], attendances: [day('2026-03-10', '09:00', '12:00')] });

  it('shows the work and the leave on the record, in the period view and in payroll', () => {
    expect(dayOf(r, '2026-03-10')).toMatchObject({ kind: 'worked', leaveType: 'Vacaciones', leaveDay: true, countedSeconds: 3 * H });
    expect(noteKeys(r, '2026-03-10')).toContain('reports.record.leaveWorked');
    expect(r.totals).toMatchObject({ workedDays: 1, leaveDays: 1 });
    expect(periodTotals(r.days, period)).toMatchObject({ attendedDays: 1, leaveDays: 1 });
    const pay = payrollMonth({ days: r.days, schedules: [office], calendar, leaves: [{ leaveTypeId: 3, fromDate: '2026-03-10', toDate: '2026-03-10' }], breaksPaid: false });
    expect(pay).toMatchObject({ workedDays: 1, leaveDays: 1, leaveSeconds: 8 * H, absences: [{ leaveTypeId: 3, days: 1, seconds: 8 * H }] });
  });

  it('a day off in lieu worked anyway still debits the hours balance', () => {
    const { days } = balanceDays(period.from, period.to, {
      today,
      breakRules: DEFAULT_BREAK_RULES,
      calendar,
      schedules: [office],
      holidays: undefined,
      approvedLeave: new Map([['2026-03-10', 5]]),
      toilTypes: new Set([5]),
      attendances: [day('2026-03-10', '09:00', '12:00')],
    });
    expect(days.find((d) => d.date === '2026-03-10')).toMatchObject({ kind: 'worked', toilSeconds: 8 * H });
  });
});
