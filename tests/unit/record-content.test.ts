import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { computeAttendanceMetrics } from '../../src/domain/attendance/attendance-metrics.ts';
import { AttendanceCreateInput, AttendanceUpdateInput } from '../../src/domain/attendance/attendance-schema.ts';
import { shiftInstants } from '../../src/domain/attendance/shift-times.ts';
import { EmployeeCreateInput } from '../../src/domain/employees/employee-schema.ts';
import { formatSocialSecurityNumber, normalizeSocialSecurityNumber, storedPartTimePercent, workingDayLabel } from '../../src/domain/employees/working-day.ts';
import { CompanyInput, normalizeTaxId } from '../../src/domain/org/org-schemas.ts';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import { monthPeriod } from '../../src/domain/reports/periods.ts';
import { downloadMonth, recordPdfAccess } from '../../src/domain/reports/record-pdf-access.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';

/** The record's content the draft Royal Decree asks for (issue 18.8, decision 035). */

const MADRID = 'Europe/Madrid';
const H = 3600;
const schedule: ScheduleRule = { id: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null, status: 'current' };

function day(date: string, timeIn: string, timeOut: string, extra: Partial<RecordAttendance> = {}): RecordAttendance {
  const shift = shiftInstants(date, { timeIn, timeOut, breakIn: null, breakOut: null }, MADRID);
  const m = computeAttendanceMetrics({ date, timeZone: MADRID, graceMinutes: 5, schedule, shift });
  return { date, timeIn: shift.timeIn, timeOut: shift.timeOut, breaks: shift.breaks, timezone: MADRID, revision: 1, reason: null, source: 'clock', ...m, ...extra };
}

const employee = {
  firstName: 'Ana',
  lastName: 'Arroyo',
  gender: 'female',
  email: 'ana@example.com',
  nationalId: '12345678Z',
  company: 1,
  department: 1,
  jobTitle: 1,
  leaveGroup: 1,
  employmentType: 'regular',
  pin: '123456',
};
const issues = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : Object.fromEntries(r.issues.map((i) => [i.path?.map((p) => p.key).join('.') ?? '', i.message]));
};

describe('social security number (NAF)', () => {
  it('takes 12 digits with or without separators and keeps the digits', () => {
    expect(normalizeSocialSecurityNumber('28/12345678/40')).toBe('281234567840');
    expect(normalizeSocialSecurityNumber('28 1234 5678 40')).toBe('281234567840');
    expect(normalizeSocialSecurityNumber('28-12345678-40')).toBe('281234567840');
    expect(normalizeSocialSecurityNumber('281234567840')).toBe('281234567840');
    expect(formatSocialSecurityNumber('281234567840')).toBe('28/12345678/40');
    expect(formatSocialSecurityNumber(null)).toBe('');
  });

  it('refuses anything that is not 12 digits', () => {
    for (const bad of ['2812345678', '2812345678401', '28/1234567A/40', 'abc', '28_12345678_40']) expect(normalizeSocialSecurityNumber(bad), bad).toBeNull();
    expect(issues(EmployeeCreateInput, { ...employee, socialSecurityNumber: '28/1234/40' })).toEqual({ socialSecurityNumber: 'employees.ssnFormat' });
    const ok = v.parse(EmployeeCreateInput, { ...employee, socialSecurityNumber: ' 28.12345678.40 ' });
    expect(ok.socialSecurityNumber).toBe('281234567840');
    expect(v.parse(EmployeeCreateInput, { ...employee, socialSecurityNumber: '' }).socialSecurityNumber).toBeNull();
  });
});

describe('working-day type', () => {
  it('is full time by default, without a percentage', () => {
    const out = v.parse(EmployeeCreateInput, employee);
    expect(out).toMatchObject({ workingDayType: 'full-time', partTimePercent: null });
    expect(workingDayLabel(out)).toEqual({ key: 'employees.workingDay.full-time' });
  });

  it('part time needs a whole percentage from 1 to 99', () => {
    expect(issues(EmployeeCreateInput, { ...employee, workingDayType: 'part-time' })).toEqual({ partTimePercent: 'employees.partTimePercentRequired' });
    expect(issues(EmployeeCreateInput, { ...employee, workingDayType: 'part-time', partTimePercent: '' })).toEqual({ partTimePercent: 'employees.partTimePercentRequired' });
    for (const bad of [0, 100, 50.5, -3, 'half']) {
      expect(issues(EmployeeCreateInput, { ...employee, workingDayType: 'part-time', partTimePercent: bad }), String(bad)).toEqual({ partTimePercent: 'employees.partTimePercentRange' });
    }
    const out = v.parse(EmployeeCreateInput, { ...employee, workingDayType: 'part-time', partTimePercent: '50' });
    expect(out).toMatchObject({ workingDayType: 'part-time', partTimePercent: 50 });
    expect(workingDayLabel(out)).toEqual({ key: 'employees.workingDay.partTimeWith', params: { percent: 50 } });
    expect(issues(EmployeeCreateInput, { ...employee, workingDayType: 'half-time' })).toEqual({ workingDayType: 'validation.invalidInput' });
  });

  it('a percentage sent with full time is not stored', () => {
    expect(storedPartTimePercent(v.parse(EmployeeCreateInput, { ...employee, workingDayType: 'full-time', partTimePercent: 40 }))).toBeNull();
    expect(storedPartTimePercent({ workingDayType: 'part-time', partTimePercent: 40 })).toBe(40);
  });
});

describe('company tax ID', () => {
  it('is optional, kept in capitals without separators, 8 to 15 letters and digits', () => {
    expect(normalizeTaxId('b-12.345.678')).toBe('B12345678');
    expect(normalizeTaxId('B 1234')).toBeNull();
    expect(v.parse(CompanyInput, { name: 'Panadería Ñandú' })).toEqual({
      name: 'Panadería Ñandú',
      taxId: null,
      contributionAccountCode: null,
      personalClock: false,
      proofOfPlace: 'off',
      positionRetentionDays: 90,
      workerOvertimeChoice: false,
      requireTwoFactor: false,
    });
    expect(v.parse(CompanyInput, { name: 'X', taxId: ' b12345678 ' }).taxId).toBe('B12345678');
    expect(issues(CompanyInput, { name: 'X', taxId: 'B12#45678' })).toEqual({ taxId: 'companies.taxIdFormat' });
  });
});

describe('work mode and overtime compensation on attendance input', () => {
  const base = { employee: 1, date: '2026-11-03', timeIn: '09:00', timeOut: '18:00', reason: 'Forgot' };
  it('a new day is on site and unmarked unless told', () => {
    expect(v.parse(AttendanceCreateInput, base)).toMatchObject({ workMode: 'on-site', overtimeCompensation: null });
    expect(v.parse(AttendanceCreateInput, { ...base, workMode: 'remote', overtimeCompensation: 'rest' })).toMatchObject({ workMode: 'remote', overtimeCompensation: 'rest' });
    expect(issues(AttendanceCreateInput, { ...base, workMode: 'home' })).toEqual({ workMode: 'attendance.invalidWorkMode' });
    expect(issues(AttendanceCreateInput, { ...base, overtimeCompensation: 'cash' })).toEqual({ overtimeCompensation: 'attendance.invalidOvertimeCompensation' });
  });
  it('an edit that does not send them keeps them; empty clears the mark', () => {
    const edit = { timeIn: '09:00', timeOut: '18:00', reason: 'Fix' };
    const kept = v.parse(AttendanceUpdateInput, edit);
    expect(kept.workMode).toBeUndefined();
    expect(kept.overtimeCompensation).toBeUndefined();
    expect(v.parse(AttendanceUpdateInput, { ...edit, overtimeCompensation: '' }).overtimeCompensation).toBeNull();
    expect(v.parse(AttendanceUpdateInput, { ...edit, overtimeCompensation: 'paid' }).overtimeCompensation).toBe('paid');
  });
});

describe('monthly record: work mode per day and overtime split', () => {
  const record = buildMonthlyRecord({
    period: monthPeriod('2026-11'),
    today: '2026-11-30',
    calendar: createDayCalendar(MADRID),
    schedules: [schedule],
    leaveByDate: new Map(),
    attendances: [
      day('2026-11-02', '09:00', '19:00', { overtimeCompensation: 'paid' }), // 2 h over
      day('2026-11-03', '09:00', '18:00', { overtimeCompensation: 'rest', workMode: 'remote' }), // 1 h over
      day('2026-11-04', '09:00', '17:30'), // 30 min over, not marked
      day('2026-11-05', '09:00', '16:00', { overtimeCompensation: 'paid' }), // no overtime: the mark means nothing
      day('2026-11-07', '10:00', '12:00', { overtimeCompensation: 'rest' }), // Saturday: all of it is overtime
    ],
  });
  const of = (date: string) => record.days.find((d) => d.date === date)!;

  it('each worked day says on site or remote; days without work say neither', () => {
    expect(of('2026-11-02').workMode).toBe('on-site');
    expect(of('2026-11-03').workMode).toBe('remote');
    expect(of('2026-11-06').workMode).toBeNull();
    expect(record.totals).toMatchObject({ onSiteDays: 4, remoteDays: 1, attendedDays: 5 });
  });

  it('splits the overtime into paid, compensated with rest and unmarked, adding up to the total', () => {
    expect(of('2026-11-05').overtimeCompensation).toBeNull();
    expect(of('2026-11-02')).toMatchObject({ overtimeSeconds: 2 * H, overtimeCompensation: 'paid' });
    expect(record.totals).toMatchObject({
      overtimeSeconds: 2 * H + H + 0.5 * H + 2 * H,
      overtimePaidSeconds: 2 * H,
      overtimeRestSeconds: H + 2 * H,
      overtimeUnmarkedSeconds: 0.5 * H,
    });
    const t = record.totals;
    expect(t.overtimePaidSeconds + t.overtimeRestSeconds + t.overtimeUnmarkedSeconds).toBe(t.overtimeSeconds);
  });

  it('keeps the figures of a record without the new fields (older callers)', () => {
    const plain = buildMonthlyRecord({
      period: monthPeriod('2026-11'),
      today: '2026-11-30',
      calendar: createDayCalendar(MADRID),
      schedules: [schedule],
      leaveByDate: new Map(),
      attendances: [day('2026-11-02', '09:00', '19:00')],
    });
    expect(plain.totals).toMatchObject({ workedSeconds: 10 * H, overtimeSeconds: 2 * H, overtimeUnmarkedSeconds: 2 * H, onSiteDays: 1 });
  });
});

describe('who may download the record as PDF', () => {
  const admin = { accountType: 'Admin' as const, employeeId: null };
  const worker = { accountType: 'Employee' as const, employeeId: 7 };
  it('admins need report.read and get whom they ask for', () => {
    expect(recordPdfAccess(admin, true, 9)).toEqual({ kind: 'allowed', employee: 9 });
    expect(recordPdfAccess(admin, true, undefined)).toEqual({ kind: 'allowed', employee: undefined });
    expect(recordPdfAccess(admin, false, 9)).toEqual({ kind: 'refused', missing: 'report.read' });
  });
  it('an Employee account gets only its own month, whatever its role; another is not found', () => {
    expect(recordPdfAccess(worker, false, undefined)).toEqual({ kind: 'allowed', employee: 7 });
    expect(recordPdfAccess(worker, true, 7)).toEqual({ kind: 'allowed', employee: 7 });
    expect(recordPdfAccess(worker, true, 8)).toEqual({ kind: 'notFound' });
    expect(recordPdfAccess({ accountType: 'Employee', employeeId: null }, true, undefined)).toEqual({ kind: 'notFound' });
  });
  it('a malformed month is refused, a missing one is the current month', () => {
    expect(downloadMonth(null, '2026-11')).toEqual({ month: '2026-11' });
    expect(downloadMonth('2027-03', '2026-11')).toEqual({ month: '2027-03' });
    for (const bad of ['2027-13', '2027-3', 'march', '2027-03-01']) expect(downloadMonth(bad, '2026-11'), bad).toEqual({ error: 'reports.invalidMonth' });
  });
});
