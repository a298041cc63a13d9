import * as v from 'valibot';
import { LANGUAGES } from '#i18n/languages.ts';
import { AcknowledgeMonthSchema } from '../../access/record-acknowledgement.ts';
import { OVERTIME_CHOICES, OvertimeChoiceRequestSchema } from '../../attendance/overtime-choice.ts';
import { CLOCK_ACTIONS } from '../../clock/clock-engine.ts';
import { LATE_PUNCH_STATUSES } from '../../clock/late-punch.ts';
import { PersonalLatePunchBatchSchema } from '../../clock/late-punch-request.ts';
import { PERSONAL_CLOCK_STATUSES, PersonalClockRequestSchema, WORK_MODES } from '../../clock/personal-clock.ts';
import { PROOF_OF_PLACE_MODES } from '../../clock/proof-of-place.ts';
import { PRESENCES } from '../../dashboard/presence.ts';
import { SwapProposalInput } from '../../roster/roster-requests.ts';
import { SCHEDULE_STATUSES } from './schedules.ts';
import { WEEKDAY_NAMES } from '../../time/zoned-time.ts';
import { OFFER_STATUSES } from '../../worktime/complementary-hours.ts';
import { OfferAnswerInput } from '../../worktime/complementary-schema.ts';
import { PersonalInterruptionSchema, PersonalStandbySchema } from '../../worktime/time-apart-schema.ts';
import { contract, MessageAnswer, queryDate, queryMonth } from '../contract.ts';
import { LeaveBalanceRecord } from './leaves.ts';
import { SwapRecord, SwapShiftRecord } from './roster.ts';

/**
 * The worker's own pages (`/api/personal/…`): always the session's own employee, whatever the
 * query or body names (an account without one: 404, or 403 where decision 067 says so).
 */

const Period = v.object({ from: v.string(), to: v.string() });

/** Figures of a period against the schedule (`AttendanceSummary`): days, and durations in seconds. */
export const AttendanceSummaryRecord = v.object({
  scheduledDays: v.number(),
  attendedDays: v.number(),
  openDays: v.pipe(v.number(), v.description('Attended days without a check-out.')),
  workedDays: v.pipe(v.number(), v.description('Attended days with a check-out.')),
  absentDays: v.number(),
  leaveDays: v.number(),
  extraDays: v.pipe(v.number(), v.description('Attendances on a rest day or without a schedule.')),
  workedSeconds: v.number(),
  breakSeconds: v.number(),
  expectedSeconds: v.number(),
  countedSeconds: v.pipe(v.number(), v.description('Counted as work under the break rules.')),
  overtimeSeconds: v.number(),
  complementarySeconds: v.pipe(v.number(), v.description('A part-time worker’s complementary hours (not overtime).')),
  lateCount: v.number(),
  lateSeconds: v.number(),
  earlyCount: v.number(),
  earlySeconds: v.number(),
});

/** The worker's dashboard (`PersonalDashboard`). */
export const PersonalDashboardRecord = v.object({
  employee: v.object({ id: v.number(), name: v.string(), departmentName: v.string(), jobTitleName: v.string() }),
  today: v.string(),
  timezone: v.string(),
  presence: v.picklist(PRESENCES),
  current: v.pipe(
    v.nullable(
      v.object({
        date: v.string(),
        timezone: v.pipe(v.string(), v.description('The zone stored with the attendance: its times are shown in it.')),
        timeIn: v.string(),
        timeOut: v.nullable(v.string()),
        breaks: v.array(v.object({ startAt: v.string(), endAt: v.nullable(v.string()) })),
        statusIn: v.nullable(v.picklist(['on_time', 'late'])),
        lateSeconds: v.number(),
      }),
    ),
    v.description('Today’s attendance, or last night’s shift still open.'),
  ),
  scheduleToday: v.nullable(v.object({ startTime: v.string(), offTime: v.string() })),
  week: v.object({ period: Period, summary: AttendanceSummaryRecord }),
  month: v.object({ period: Period, summary: AttendanceSummaryRecord }),
  nextShift: v.nullable(v.object({ date: v.string(), startTime: v.string(), offTime: v.string() })),
  year: v.number(),
  balances: v.array(LeaveBalanceRecord),
  pendingRequests: v.number(),
});

/** A schedule as the rules read it (`ScheduleRule`). */
const ScheduleRuleFields = {
  id: v.number(),
  startTime: v.string(),
  offTime: v.string(),
  totalHours: v.number(),
  restDays: v.pipe(v.array(v.string()), v.readonly()),
  fromDate: v.string(),
  toDate: v.nullable(v.string()),
  status: v.picklist(SCHEDULE_STATUSES),
  changedAt: v.optional(v.pipe(v.string(), v.description('When it was created or last changed.'))),
  rostered: v.optional(v.boolean()),
};

/** The worker's schedules and plan (`PersonalSchedule`). */
export const PersonalScheduleRecord = v.object({
  today: v.string(),
  current: v.pipe(v.nullable(v.object(ScheduleRuleFields)), v.description('The schedule in force today.')),
  schedules: v.pipe(
    v.array(v.object({ ...ScheduleRuleFields, inForce: v.boolean(), upcoming: v.boolean() })),
    v.description('All the employee’s schedules, newest first (patterns only: published roster days are in `shifts`).'),
  ),
  plan: v.pipe(
    v.array(
      v.object({
        date: v.string(),
        weekday: v.picklist(WEEKDAY_NAMES),
        kind: v.picklist(['work', 'rest', 'holiday', 'leave', 'none']),
        startTime: v.nullable(v.string()),
        offTime: v.nullable(v.string()),
        leaveType: v.pipe(v.nullable(v.string()), v.description('The leave type’s name, or the holiday’s.')),
        rostered: v.pipe(v.boolean(), v.description('The day comes from the published roster rather than the schedule.')),
      }),
    ),
    v.description('Today and the next 13 days.'),
  ),
  shifts: v.pipe(
    v.array(
      v.object({
        date: v.string(),
        weekday: v.picklist(WEEKDAY_NAMES),
        kind: v.picklist(['shift', 'rest']),
        startTime: v.nullable(v.string()),
        endTime: v.nullable(v.string()),
        breakMinutes: v.number(),
      }),
    ),
    v.description('Published roster days from this week’s Monday through the next four weeks.'),
  ),
  shiftsFrom: v.string(),
  shiftsTo: v.string(),
});

/**
 * One employee's monthly record as the reports answer it (`EmployeeMonthlyRecord`). Its exact
 * schema belongs with the reports' contracts (`GET /api/reports/monthly-record`); until that one
 * is shared, the document says only that it is an object.
 */
const EmployeeMonthlyRecordSchema = v.pipe(
  v.custom<object>((value) => typeof value === 'object' && value !== null),
  v.description('The employee’s monthly working-time record, as `GET /api/reports/monthly-record` answers each one.'),
);

/** The punches of today on the personal clock. */
const PersonalClockPunchRecord = v.object({
  action: v.picklist(CLOCK_ACTIONS),
  at: v.string(),
  method: v.picklist(['pin', 'face', 'card', 'manual', 'personal']),
  where: v.pipe(v.nullable(v.string()), v.description('The terminal’s name for a kiosk punch; the device summary for a personal one.')),
  workMode: v.nullable(v.picklist(WORK_MODES)),
  place: v.pipe(v.nullable(v.picklist(['inside', 'outside', 'unknown'])), v.description('Proof of place: null when nothing was asked.')),
});

const OvertimeQuestionRecord = v.object({ date: v.string(), overtimeSeconds: v.number() });

/** Where the worker stands on the personal clock (`PersonalClockView`). */
export const PersonalClockViewRecord = v.object({
  employee: v.object({ firstName: v.string(), lastName: v.string() }),
  allowed: v.pipe(v.boolean(), v.description('The company’s switch and the employee’s override say yes, and the employee is active.')),
  status: v.picklist(PERSONAL_CLOCK_STATUSES),
  actions: v.pipe(v.array(v.picklist(CLOCK_ACTIONS)), v.readonly()),
  openWorkMode: v.nullable(v.picklist(WORK_MODES)),
  today: v.string(),
  timeZone: v.string(),
  proofOfPlace: v.picklist(PROOF_OF_PLACE_MODES),
  punches: v.array(PersonalClockPunchRecord),
  overtimeQuestion: v.optional(v.pipe(OvertimeQuestionRecord, v.description('A day closed today with unmarked overtime: "paid or rest?".'))),
});

/** A standby period or interruption as written: its id and local work date. */
const TimeApartSaved = v.object({ data: v.object({ id: v.number(), date: v.string() }), message: v.string() });

const OpenShiftRecord = v.object({
  _id: v.number(),
  date: v.string(),
  startTime: v.string(),
  endTime: v.string(),
  breakMinutes: v.number(),
  department: v.string(),
  myClaim: v.pipe(v.nullable(v.picklist(['pending', 'approved', 'declined'])), v.description('My claim’s status; null when I have not claimed it (or withdrew).')),
});

const SwapAnswer = v.object({ data: v.object({ status: v.picklist(['accepted', 'declined', 'cancelled']) }), message: v.string() });
/** `lang` of a download: the file's language (the account's without it). */
const downloadLang = v.optional(v.picklist(LANGUAGES));
/** Named by some links and ignored: the personal area is always the session's own employee. */
const ignored = v.optional(v.pipe(v.string(), v.description('Ignored: always the session’s own employee.')));

export const PERSONAL_CONTRACTS = {
  'GET /api/personal/dashboard': contract({ summary: 'My dashboard', answer: v.object({ data: PersonalDashboardRecord }) }),
  'GET /api/personal/attendance': contract({
    summary: 'My monthly record, with the history of corrected days',
    query: v.object({ month: v.optional(queryMonth), employee: ignored }),
    answer: v.object({
      data: v.object({
        month: v.string(),
        period: Period,
        today: v.string(),
        now: v.pipe(v.string(), v.description('When the record was read (ISO 8601 UTC).')),
        timezone: v.string(),
        record: v.pipe(v.nullable(EmployeeMonthlyRecordSchema), v.description('null: nothing to record that month.')),
      }),
    }),
  }),
  'GET /api/personal/attendance/export': contract({
    summary: 'My monthly record as a spreadsheet',
    query: v.object({ month: v.optional(queryMonth), lang: downloadLang, employee: ignored }),
    files: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  }),
  'GET /api/personal/attendance/pdf': contract({
    summary: 'My monthly record as a PDF',
    query: v.object({ month: v.optional(queryMonth), lang: downloadLang, employee: ignored, department: ignored }),
    files: ['application/pdf'],
  }),
  'GET /api/personal/schedule': contract({ summary: 'My schedules and the next two weeks', answer: v.object({ data: PersonalScheduleRecord }) }),
  'GET /api/personal/roster-week.pdf': contract({
    summary: 'My department’s published week as a PDF',
    query: v.object({ week: v.optional(v.pipe(queryDate, v.description('Its Monday (this week without it; 400 for another day).'))), lang: downloadLang }),
    files: ['application/pdf'],
    errors: [400],
  }),
  'GET /api/personal/calendar-feed': contract({
    summary: 'Whether my calendar feed is active (never its secret URL)',
    answer: v.object({ active: v.boolean(), createdAt: v.nullable(v.string()) }),
  }),
  'POST /api/personal/calendar-feed': contract({
    summary: 'A new secret calendar feed URL, shown once (replaces any previous one)',
    answer: v.object({ url: v.string(), createdAt: v.string() }),
    status: 201,
  }),
  'DELETE /api/personal/calendar-feed': contract({ summary: 'Revoke my calendar feed', answer: MessageAnswer }),
  'POST /api/personal/acknowledgements': contract({
    summary: 'I have received my record of a month (201; 200 with the first acknowledgement when already given)',
    body: AcknowledgeMonthSchema,
    answer: v.object({
      data: v.object({
        employee: v.number(),
        month: v.string(),
        acknowledgedAt: v.string(),
        workedSeconds: v.number(),
        overtimeSeconds: v.number(),
        attendedDays: v.number(),
        absentDays: v.number(),
        leaveDays: v.number(),
        digest: v.pipe(v.string(), v.description('SHA-256 (hex) of the month’s record as acknowledged.')),
      }),
      message: v.string(),
    }),
    status: 201,
    alsoStatus: 200,
  }),
  'POST /api/personal/clock': contract({
    summary: 'Punch on my personal clock',
    body: PersonalClockRequestSchema,
    answer: v.object({
      message: v.string(),
      placeWarning: v.optional(v.pipe(v.string(), v.description('The punch was outside every workplace (proof of place `warn`).'))),
      time: v.string(),
      state: PersonalClockViewRecord,
      overtimeQuestion: v.optional(OvertimeQuestionRecord),
    }),
    errors: [409],
  }),
  'POST /api/personal/clock/offline': contract({
    summary: 'The punches my device kept while offline',
    body: PersonalLatePunchBatchSchema,
    answer: v.object({
      results: v.array(v.object({ seq: v.number(), status: v.picklist(LATE_PUNCH_STATUSES), time: v.optional(v.pipe(v.string(), v.description('The recorded instant; absent for a conflict.'))) })),
      lastSeq: v.pipe(v.number(), v.description('The device’s last sequence number now.')),
      state: PersonalClockViewRecord,
    }),
  }),
  'POST /api/personal/overtime-choice': contract({
    summary: 'Paid or rest: my answer for a day’s overtime',
    body: OvertimeChoiceRequestSchema,
    answer: v.object({ date: v.string(), compensation: v.picklist(OVERTIME_CHOICES), overtimeSeconds: v.number(), markedBy: v.literal('worker') }),
    errors: [409],
  }),
  'POST /api/personal/complementary-offers/{id}': contract({
    summary: 'Accept or decline an offer of voluntary complementary hours',
    body: OfferAnswerInput,
    answer: v.object({
      data: v.object({
        id: v.number(),
        employeeId: v.number(),
        date: v.string(),
        seconds: v.number(),
        status: v.picklist(OFFER_STATUSES),
        offeredBy: v.nullable(v.number()),
        offeredAt: v.string(),
        answeredAt: v.nullable(v.string()),
      }),
      message: v.string(),
    }),
    errors: [409],
  }),
  'POST /api/personal/standby': contract({ summary: 'Record a standby period of mine', body: PersonalStandbySchema, answer: TimeApartSaved, status: 201, errors: [409] }),
  'DELETE /api/personal/standby/{id}': contract({ answer: MessageAnswer, errors: [409] }),
  'POST /api/personal/interruptions': contract({ summary: 'Record an interruption of my rest', body: PersonalInterruptionSchema, answer: TimeApartSaved, status: 201, errors: [409] }),
  'DELETE /api/personal/interruptions/{id}': contract({ answer: MessageAnswer, errors: [409] }),
  'GET /api/personal/open-shifts': contract({ summary: 'Open shifts of my department not yet begun', answer: v.object({ data: v.array(OpenShiftRecord) }) }),
  'POST /api/personal/open-shifts/{id}/claim': contract({
    summary: 'Claim an open shift',
    answer: v.object({
      data: v.object({ claim: v.number(), status: v.pipe(v.picklist(['pending', 'approved']), v.description('approved: assigned at once to the first qualified claimant.')) }),
      message: v.string(),
    }),
    status: 201,
    errors: [409],
  }),
  'DELETE /api/personal/open-shifts/{id}/claim': contract({ summary: 'Withdraw my pending claim', answer: MessageAnswer }),
  'GET /api/personal/swaps': contract({
    summary: 'My swaps, my upcoming published shifts and my colleagues’',
    answer: v.object({
      data: v.object({
        swaps: v.array(SwapRecord),
        myShifts: v.pipe(v.array(SwapShiftRecord), v.description('My published shifts not begun: what I may offer.')),
        colleagues: v.array(v.object({ _id: v.number(), name: v.string(), shifts: v.array(SwapShiftRecord) })),
      }),
    }),
  }),
  'POST /api/personal/swaps': contract({
    summary: 'Offer one of my shifts to a colleague (a trade with `otherShift`)',
    body: SwapProposalInput,
    answer: v.object({ data: SwapRecord, message: v.string() }),
    status: 201,
    errors: [409],
  }),
  'POST /api/personal/swaps/{id}/accept': contract({ answer: SwapAnswer, errors: [409] }),
  'POST /api/personal/swaps/{id}/decline': contract({ answer: SwapAnswer, errors: [409] }),
  'POST /api/personal/swaps/{id}/cancel': contract({ answer: SwapAnswer, errors: [409] }),
} as const;
