import * as v from 'valibot';
import { OVERTIME_COMPENSATIONS, WORK_MODES } from '../../attendance/attendance-schema.ts';
import type { AcceptanceState, CorrectionKind, RequestStatus } from '../../attendance/correction-rules.ts';
import { WORK_FLAGS } from '../../attendance/work-flag.ts';
import { LEAVE_STATUSES } from '../../leave/leave-rules.ts';
import type { PayrollColumnKind } from '../../payroll/payroll-columns.ts';
import { APPROVAL_PERIODS } from '../../periods/approval-period.ts';
import { PeriodApproveInput, PeriodReopenInput } from '../../periods/period-schema.ts';
import type { DayKind } from '../../reports/day-calendar.ts';
import { REPORT_NAMES, type CellKind } from '../../reports/report-table.ts';
import { WEEKDAY_NAMES } from '../../time/zoned-time.ts';
import { ACCOUNT_TYPES } from '../../users/user-schemas.ts';
import { CONTACT_CHANNELS, STANDBY_KINDS } from '../../worktime/time-apart.ts';
import type { WorkTimeWarningKind } from '../../worktime/work-time-warnings.ts';
import { contract, queryDate, queryId, queryInteger, queryMonth } from '../contract.ts';

const DAY_KINDS = ['worked', 'open', 'rest', 'holiday', 'leave', 'unscheduled', 'upcoming', 'absent', 'before-start'] as const satisfies readonly DayKind[];
const ACCEPTANCE_STATES = ['pending', 'accepted', 'rejected', 'superseded', 'expired'] as const satisfies readonly AcceptanceState[];
const REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const satisfies readonly RequestStatus[];
const CORRECTION_KINDS = ['missingDay', 'missingCheckOut', 'wrongTime'] as const satisfies readonly CorrectionKind[];
const WARNING_KINDS = ['shortBreak', 'shortRest', 'longDay', 'nightOvertime', 'shortNotice'] as const satisfies readonly WorkTimeWarningKind[];
const CELL_KINDS = ['text', 'label', 'date', 'instant', 'time', 'duration', 'number', 'hours'] as const satisfies readonly CellKind[];
const PAYROLL_COLUMN_KINDS = ['text', 'code', 'integer', 'hours', 'days', 'percent'] as const satisfies readonly PayrollColumnKind[];
/** `status` of the employees a record or report covers: active, archived (`all` or absent in the reports' pages: their default). */
const EMPLOYEE_STATUS = v.picklist(['active', 'archived', 'all']);
const LANG = v.picklist(['es', 'en']);

/** A readonly list in the server's types (the JSON is a plain array). */
const list = <S extends v.GenericSchema>(item: S) => v.pipe(v.array(item), v.readonly());

const Period = v.object({ from: v.string(), to: v.string() });
const BreakRecord = v.object({ startAt: v.string(), endAt: v.nullable(v.string()) });
const WorkerAcceptance = v.object({ state: v.picklist(ACCEPTANCE_STATES), comment: v.nullable(v.string()) });
const DayTimes = v.object({ timeIn: v.string(), timeOut: v.nullable(v.string()), breaks: list(BreakRecord) });
const DayDispute = v.object({
  revision: v.number(),
  before: v.nullable(DayTimes),
  after: DayTimes,
  author: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  correctedAt: v.string(),
  comment: v.pipe(v.string(), v.description('The worker’s objection, verbatim.')),
  objectedAt: v.string(),
  resolvedAt: v.nullable(v.string()),
});
const TimeApartTotals = v.object({
  waitingSeconds: v.number(),
  onCallSeconds: v.number(),
  calledInSeconds: v.number(),
  interruptions: v.pipe(v.number(), v.description('A count.')),
  interruptionWorkSeconds: v.number(),
});
const TIME_APART_SOURCES = ['personal', 'manual'] as const;
const StandbyEntry = v.object({
  id: v.number(),
  employeeId: v.number(),
  kind: v.picklist(STANDBY_KINDS),
  startAt: v.string(),
  endAt: v.string(),
  date: v.string(),
  timezone: v.string(),
  calledInSeconds: v.number(),
  source: v.picklist(TIME_APART_SOURCES),
});
const InterruptionEntry = v.object({
  id: v.number(),
  employeeId: v.number(),
  at: v.string(),
  date: v.string(),
  timezone: v.string(),
  channel: v.picklist(CONTACT_CHANNELS),
  durationSeconds: v.number(),
  workDone: v.boolean(),
  source: v.picklist(TIME_APART_SOURCES),
  note: v.nullable(v.string()),
});

/** One calendar day of the legal monthly record (art. 34.9 ET): instants ISO 8601 UTC, durations seconds. */
export const RecordDay = v.object({
  date: v.string(),
  weekday: v.picklist(WEEKDAY_NAMES),
  kind: v.picklist(DAY_KINDS),
  timeIn: v.nullable(v.string()),
  timeOut: v.nullable(v.string()),
  timezone: v.string(),
  breaks: list(BreakRecord),
  breakSeconds: v.number(),
  workedSeconds: v.nullable(v.number()),
  countedSeconds: v.pipe(v.nullable(v.number()), v.description('What counts as work under the break rules; null while open or without attendance.')),
  deductedSeconds: v.number(),
  expectedSeconds: v.number(),
  ordinarySeconds: v.number(),
  overtimeSeconds: v.number(),
  complementarySeconds: v.pipe(v.number(), v.description('A part-time worker’s hours beyond the day’s expected ones: not overtime.')),
  lateSeconds: v.number(),
  earlyDepartureSeconds: v.number(),
  leaveType: v.nullable(v.string()),
  leaveDay: v.boolean(),
  nightWorker: v.boolean(),
  holiday: v.nullable(v.string()),
  corrected: v.boolean(),
  source: v.nullable(v.picklist(['clock', 'manual'])),
  reason: v.nullable(v.string()),
  workFlag: v.nullable(v.picklist(WORK_FLAGS)),
  voided: v.array(v.object({ date: v.string(), timeIn: v.string(), timeOut: v.nullable(v.string()), workedSeconds: v.nullable(v.number()), voidedAt: v.string(), voidReason: v.string() })),
  workMode: v.nullable(v.picklist(WORK_MODES)),
  overtimeCompensation: v.nullable(v.picklist(OVERTIME_COMPENSATIONS)),
  overtimeChosenBy: v.optional(v.picklist(['worker'])),
  overtimeForceMajeure: v.optional(v.nullable(v.string())),
  complementarySplit: v.optional(v.object({ agreedSeconds: v.number(), voluntarySeconds: v.number(), exceedingSeconds: v.number(), notAllowedSeconds: v.number() })),
  contractSeconds: v.optional(v.number()),
  scheduleChangedOn: v.optional(v.string()),
  workerAcceptance: v.nullable(WorkerAcceptance),
  disputes: v.optional(list(DayDispute)),
  offline: v.optional(v.boolean()),
  outsidePunches: v.optional(v.number()),
  terminals: list(v.string()),
  warnings: v.optional(list(v.object({ date: v.string(), kind: v.picklist(WARNING_KINDS), seconds: v.number(), limitSeconds: v.number() }))),
  closedAutomatically: v.optional(v.boolean()),
  timeApart: v.optional(v.object({ standby: v.array(StandbyEntry), interruptions: v.array(InterruptionEntry), totals: TimeApartTotals })),
});

const optionalSeconds = v.optional(v.number());
export const RecordTotals = v.object({
  attendedDays: v.number(),
  workedDays: v.number(),
  openDays: v.number(),
  absentDays: v.number(),
  leaveDays: v.number(),
  workedSeconds: v.number(),
  countedSeconds: v.number(),
  breakSeconds: v.number(),
  expectedSeconds: v.number(),
  ordinarySeconds: v.number(),
  overtimeSeconds: v.number(),
  complementarySeconds: v.number(),
  overtimePaidSeconds: v.number(),
  overtimeRestSeconds: v.number(),
  overtimeUnmarkedSeconds: v.number(),
  overtimeForceMajeureSeconds: optionalSeconds,
  complementaryAgreedSeconds: optionalSeconds,
  complementaryVoluntarySeconds: optionalSeconds,
  complementaryExceedingSeconds: optionalSeconds,
  complementaryNotAllowedSeconds: optionalSeconds,
  onSiteDays: v.number(),
  remoteDays: v.number(),
  timeApart: v.optional(TimeApartTotals),
});

/** One employee's monthly record with its history (revisions and requests by date). */
export const EmployeeMonthlyRecord = v.object({
  employee: v.object({
    id: v.number(),
    name: v.string(),
    nationalId: v.string(),
    companyName: v.string(),
    departmentName: v.string(),
    jobTitleName: v.string(),
    companyTaxId: v.nullable(v.string()),
    socialSecurityNumber: v.nullable(v.string()),
    workingDayType: v.picklist(['full-time', 'part-time']),
    partTimePercent: v.nullable(v.number()),
  }),
  record: v.object({ days: v.array(RecordDay), totals: RecordTotals }),
  revisions: v.pipe(
    v.record(
      v.string(),
      v.array(
        v.object({
          attendanceId: v.number(),
          revision: v.number(),
          timeIn: v.string(),
          timeOut: v.nullable(v.string()),
          breaks: v.array(BreakRecord),
          workedSeconds: v.nullable(v.number()),
          reason: v.nullable(v.string()),
          authorName: v.nullable(v.string()),
          createdAt: v.string(),
          acceptance: v.nullable(v.object({ ...WorkerAcceptance.entries, dueAt: v.string(), answeredAt: v.nullable(v.string()) })),
        }),
      ),
    ),
    v.description('Revision history of the month’s corrected days, by date.'),
  ),
  requests: v.pipe(
    v.record(
      v.string(),
      v.array(
        v.object({
          id: v.number(),
          employeeId: v.number(),
          employeeName: v.string(),
          attendanceId: v.nullable(v.number()),
          date: v.string(),
          timezone: v.string(),
          kind: v.picklist(CORRECTION_KINDS),
          timeIn: v.string(),
          timeOut: v.nullable(v.string()),
          breakIn: v.nullable(v.string()),
          breakOut: v.nullable(v.string()),
          reason: v.string(),
          status: v.picklist(REQUEST_STATUSES),
          decidedBy: v.nullable(v.number()),
          deciderName: v.nullable(v.string()),
          decidedAt: v.nullable(v.string()),
          comment: v.nullable(v.string()),
          appliedRevision: v.nullable(v.number()),
          createdBy: v.number(),
          requesterName: v.nullable(v.string()),
          createdAt: v.string(),
        }),
      ),
    ),
    v.description('The worker’s correction requests of the month, by date, oldest first.'),
  ),
  chainHead: v.pipe(v.nullable(v.object({ companyId: v.number(), seq: v.number(), hash: v.string(), createdAt: v.string() })), v.description('The head of the company’s record chain when read; null while empty.')),
  acknowledgedAt: v.pipe(v.nullable(v.string()), v.description('When the employee acknowledged receiving this month’s record.')),
  receipt: v.optional(v.nullable(v.object({ acknowledgedAt: v.string(), changed: v.boolean(), changedAt: v.nullable(v.string()) }))),
  frozenAt: v.pipe(v.optional(v.nullable(v.string())), v.description('When the month’s approval froze the totals shown; null: computed now.')),
});

/** The monthly working-time records of a month. */
export const MonthlyRecords = v.object({
  month: v.string(),
  period: Period,
  today: v.string(),
  now: v.pipe(v.string(), v.description('When the record was read (ISO 8601 UTC).')),
  timezone: v.string(),
  records: v.array(EmployeeMonthlyRecord),
});

/** A report as data: named columns with a kind, rows of raw values, optional totals. */
const Cell = v.nullable(v.union([v.string(), v.number()]));
export const ReportRecord = v.object({
  name: v.picklist(REPORT_NAMES),
  title: v.pipe(v.string(), v.description('i18n key of the title.')),
  criteria: v.array(v.object({ label: v.string(), value: v.string() })),
  tables: v.array(
    v.object({
      title: v.optional(v.string()),
      columns: v.array(v.object({ key: v.string(), label: v.pipe(v.string(), v.description('i18n key of the header.')), kind: v.picklist(CELL_KINDS), width: v.optional(v.number()) })),
      rows: v.array(v.object({ cells: v.record(v.string(), Cell), href: v.optional(v.string()) })),
      totals: v.optional(v.record(v.string(), Cell)),
      empty: v.string(),
    }),
  ),
  generatedAt: v.string(),
});

const DateRange = v.object({ from: v.string(), to: v.string() });
/** The payroll figures of an employee's month (docs/payroll-export.md). */
export const PayrollMonth = v.object({
  workedDays: v.number(),
  openDays: v.number(),
  expectedSeconds: v.number(),
  countedSeconds: v.number(),
  ordinarySeconds: v.number(),
  overtimeSeconds: v.number(),
  overtimePaidSeconds: v.number(),
  overtimeCompensatedSeconds: v.number(),
  overtimeUnmarkedSeconds: v.number(),
  complementarySeconds: v.number(),
  overtimeForceMajeureSeconds: optionalSeconds,
  complementaryAgreedSeconds: optionalSeconds,
  complementaryVoluntarySeconds: optionalSeconds,
  complementaryExceedingSeconds: optionalSeconds,
  complementaryNotAllowedSeconds: optionalSeconds,
  nightSeconds: v.number(),
  holidayWorkedDays: v.number(),
  holidayWorkedSeconds: v.number(),
  holidayNightSeconds: v.number(),
  restDayWorkedDays: v.number(),
  restDayWorkedSeconds: v.number(),
  lateDays: v.number(),
  lateSeconds: v.number(),
  earlyDepartureDays: v.number(),
  earlyDepartureSeconds: v.number(),
  unjustifiedDates: v.array(DateRange),
  overtimeMarks: v.array(v.object({ date: v.string(), compensation: v.picklist(OVERTIME_COMPENSATIONS), acceptance: v.nullable(v.picklist(ACCEPTANCE_STATES)) })),
  leaveDays: v.number(),
  leaveSeconds: v.number(),
  absences: v.array(v.object({ leaveTypeId: v.number(), days: v.number(), seconds: v.number(), calendarDays: v.number(), dates: v.array(DateRange) })),
  unjustifiedDays: v.number(),
  unjustifiedSeconds: v.number(),
  autoBreakDeductedSeconds: v.number(),
});
export const PayrollAnswer = v.object({
  layoutVersion: v.pipe(v.number(), v.description('The column layout’s version (docs/payroll-export.md).')),
  month: v.string(),
  timezone: v.string(),
  leaveTypes: v.array(v.object({ id: v.number(), name: v.string() })),
  columns: v.array(v.object({ id: v.string(), kind: v.picklist(PAYROLL_COLUMN_KINDS), label: v.string() })),
  employees: v.array(
    v.object({
      employee: v.object({
        id: v.number(),
        name: v.string(),
        nationalId: v.string(),
        socialSecurityNumber: v.nullable(v.string()),
        companyName: v.string(),
        companyTaxId: v.nullable(v.string()),
        contributionAccountCode: v.nullable(v.string()),
        departmentName: v.string(),
        workingDayType: v.picklist(['full-time', 'part-time']),
        partTimePercent: v.nullable(v.number()),
        professionalCategory: v.nullable(v.string()),
        contractType: v.nullable(v.string()),
      }),
      figures: PayrollMonth,
      approval: v.object({ approved: v.boolean(), approvedOn: v.nullable(v.string()) }),
      leaveBalances: v.pipe(v.record(v.string(), v.nullable(v.number())), v.description('Remaining days by leave type id; null = unlimited.')),
      values: v.pipe(v.record(v.string(), Cell), v.description('Each column’s value by column id.')),
    }),
  ),
});

/** The close screen's view of a period (decision 051). */
export const PeriodCloseView = v.object({
  kind: v.picklist(APPROVAL_PERIODS),
  period: Period,
  previous: v.pipe(v.string(), v.description('A date inside the previous period.')),
  next: v.pipe(v.string(), v.description('A date inside the next period.')),
  today: v.string(),
  ended: v.pipe(v.boolean(), v.description('The period has ended, so it may be approved.')),
  rows: v.array(
    v.object({
      employee: v.object({ id: v.number(), name: v.string(), departmentName: v.string() }),
      totals: v.object({ workedSeconds: v.number(), expectedSeconds: v.number(), overtimeSeconds: v.number(), leaveDays: v.number(), attendedDays: v.number() }),
      exceptions: v.object({
        missingCheckOut: v.array(v.string()),
        closedAutomatically: v.array(v.string()),
        late: v.object({ days: v.number(), seconds: v.number() }),
        early: v.object({ days: v.number(), seconds: v.number() }),
        absences: v.array(v.string()),
        warnings: v.record(v.string(), v.number()),
        pendingCorrections: v.number(),
      }),
      exceptionCount: v.number(),
      approval: v.nullable(
        v.object({
          status: v.picklist(['approved', 'reopened']),
          from: v.string(),
          to: v.string(),
          approverName: v.nullable(v.string()),
          approvedAt: v.string(),
          reopenerName: v.nullable(v.string()),
          reopenedAt: v.nullable(v.string()),
          reopenReason: v.nullable(v.string()),
        }),
      ),
      locked: v.boolean(),
    }),
  ),
  snapshotAlerts: v.array(
    v.object({
      employeeId: v.number(),
      employeeName: v.string(),
      from: v.string(),
      to: v.string(),
      differences: v.array(v.object({ figure: v.string(), snapshot: Cell, fresh: Cell })),
    }),
  ),
});

const DashboardPerson = { id: v.number(), name: v.string(), department: v.string(), at: v.nullable(v.string()), zone: v.string() };
/** Who is in which state now. */
const People = v.array(v.object(DashboardPerson));
const ChartDay = v.object({ date: v.string(), present: v.number(), late: v.number(), leave: v.number(), absent: v.number(), elapsed: v.boolean() });
export const AdminDashboard = v.object({
  today: v.string(),
  timezone: v.string(),
  counts: v.object({ employees: v.number(), attendancesToday: v.number(), leavesPending: v.number(), onLeaveToday: v.number() }),
  presence: v.object({ working: People, onBreak: People, left: People, leave: People, rest: People, unscheduled: People, expected: People, notArrived: People, absent: People }),
  late: v.array(v.object({ ...DashboardPerson, seconds: v.number(), checkedIn: v.boolean() })),
  early: v.array(v.object({ ...DashboardPerson, seconds: v.number() })),
  newestEmployees: v.array(v.object({ id: v.number(), name: v.string(), department: v.string(), jobTitle: v.string(), since: v.nullable(v.string()), createdAt: v.string() })),
  recentAttendances: v.array(
    v.object({
      id: v.number(),
      employeeId: v.number(),
      name: v.string(),
      date: v.string(),
      timezone: v.string(),
      timeIn: v.string(),
      timeOut: v.nullable(v.string()),
      statusIn: v.nullable(v.picklist(['on_time', 'late'])),
      missingCheckOut: v.boolean(),
    }),
  ),
  previousDays: v.array(ChartDay),
  recentLeaves: v.array(v.object({ id: v.number(), employeeId: v.number(), name: v.string(), leaveType: v.string(), fromDate: v.string(), toDate: v.string(), status: v.picklist(LEAVE_STATUSES), createdAt: v.string() })),
  month: v.array(ChartDay),
  shifts: v.array(v.object({ startTime: v.string(), offTime: v.string(), totalHours: v.number(), restDays: v.array(v.string()), employees: v.number() })),
});

const Totals = { attendedDays: v.number(), workedSeconds: v.number(), expectedSeconds: v.number(), overtimeSeconds: v.number(), absentDays: v.number(), leaveDays: v.number() };

/** Whom a monthly record covers: an employee, a department, active or archived employees. */
const recordQuery = {
  month: v.optional(queryMonth),
  employee: v.optional(queryId),
  department: v.optional(queryId),
  status: v.optional(EMPLOYEE_STATUS),
} as const;

/** Every filter of every report (`GET /api/reports/{report}`): each report reads its own, see its page. */
const reportQuery = {
  from: v.optional(queryDate),
  to: v.optional(queryDate),
  month: v.optional(queryMonth),
  year: v.optional(queryInteger),
  date: v.optional(queryDate),
  status: v.optional(EMPLOYEE_STATUS),
  company: v.optional(queryId),
  department: v.optional(queryId),
  jobTitle: v.optional(queryId),
  employee: v.optional(queryId),
  employmentType: v.optional(v.picklist(['regular', 'trainee'])),
  leaveType: v.optional(queryId),
  leaveStatus: v.optional(v.picklist(LEAVE_STATUSES)),
  missing: v.optional(v.pipe(v.picklist(['1']), v.description('employee-schedule: only employees without a schedule.'))),
  accountType: v.optional(v.picklist(ACCOUNT_TYPES)),
  userStatus: v.optional(v.picklist(['enabled', 'disabled'])),
  role: v.optional(queryId),
  never: v.optional(v.pipe(v.picklist(['1']), v.description('user-accounts: only accounts never signed in.'))),
} as const;

const payrollQuery = {
  month: v.optional(queryMonth),
  departmentId: v.optional(queryId),
  employee: v.optional(queryId),
  format: v.optional(v.picklist(['csv', 'xlsx'])),
  headers: v.optional(v.picklist(['labels', 'ids'])),
} as const;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const REPORT_CONTRACTS = {
  'GET /api/reports/monthly-record': contract({
    summary: 'The monthly working-time records (art. 34.9 ET) of the employees the account may read',
    query: v.object(recordQuery),
    answer: v.object({ data: MonthlyRecords }),
  }),
  'GET /api/reports/monthly-record/export': contract({
    summary: 'The monthly records as a spreadsheet, one sheet per employee',
    query: v.object({ ...recordQuery, lang: v.optional(LANG) }),
    files: [XLSX],
  }),
  'GET /api/reports/monthly-record/pdf': contract({ summary: 'The monthly records as one PDF', query: v.object({ ...recordQuery, lang: v.optional(LANG) }), files: ['application/pdf'] }),
  'GET /api/reports/monthly-record/open-export': contract({
    summary: 'The open record export with the record chain (JSON or CSV)',
    query: v.object({ ...recordQuery, format: v.optional(v.picklist(['json', 'csv'])), lang: v.optional(LANG) }),
    files: ['application/json', 'text/csv'],
  }),
  'GET /api/reports/payroll': contract({ summary: 'The payroll figures of a month', query: v.object(payrollQuery), answer: v.object({ data: PayrollAnswer }) }),
  'GET /api/reports/payroll/export': contract({ summary: 'The payroll export', query: v.object({ ...payrollQuery, lang: v.optional(LANG) }), files: ['text/csv', XLSX] }),
  'GET /api/reports/{id}': contract({
    summary: `A report’s figures (${REPORT_NAMES.join(', ')})`,
    query: v.object(reportQuery),
    answer: v.object({ data: ReportRecord }),
  }),
  'GET /api/reports/{id}/export': contract({ summary: 'A report as a spreadsheet', query: v.object({ ...reportQuery, lang: v.optional(LANG) }), files: [XLSX] }),
  'GET /api/dashboard': contract({ summary: 'The admin dashboard’s figures', answer: v.object({ data: AdminDashboard }) }),
  'GET /api/periods': contract({
    summary: 'The close view of the period containing `date` (default: the last ended one)',
    query: v.object({ date: v.optional(queryDate), department: v.optional(queryId) }),
    answer: v.object({ data: PeriodCloseView }),
  }),
  'POST /api/periods/approve': contract({
    summary: 'Approve and lock the period containing `date`',
    body: PeriodApproveInput,
    answer: v.object({
      data: v.object({
        period: Period,
        approved: v.pipe(v.number(), v.description('Employees whose period was approved now.')),
        already: v.pipe(v.number(), v.description('Employees whose period was already approved.')),
        ownLeft: v.pipe(v.number(), v.description('1 when the batch held the account’s own employee, left for another administrator.')),
      }),
      message: v.string(),
    }),
  }),
  'POST /api/periods/reopen': contract({
    summary: 'Reopen an employee’s approved period, with a reason',
    body: PeriodReopenInput,
    answer: v.object({ data: v.object({ reopened: v.array(Period) }), message: v.string() }),
    errors: [409],
  }),
  'GET /api/representatives/totals': contract({
    summary: 'Per employee the name and the month’s totals only',
    query: v.object({ month: v.optional(queryMonth) }),
    answer: v.object({ data: v.object({ month: v.string(), rows: v.array(v.object({ employeeId: v.number(), name: v.string(), ...Totals })), total: v.object(Totals) }) }),
  }),
  'GET /api/representatives/disputes': contract({
    summary: 'The days whose correction the worker rejected, newest first',
    answer: v.object({
      data: v.array(v.object({ employeeId: v.number(), name: v.string(), date: v.string(), objectedOn: v.string(), resolvedOn: v.nullable(v.string()) })),
    }),
  }),
} as const;
