import * as v from 'valibot';
import { AttendanceCreateInput, AttendanceUpdateInput, AttendanceVoidInput, OVERTIME_COMPENSATIONS, WORK_MODES } from '../../attendance/attendance-schema.ts';
import { CorrectionAnswerInput, CorrectionDecisionInput, CorrectionRequestInput } from '../../attendance/correction-schema.ts';
import type { CorrectionKind, RequestStatus } from '../../attendance/correction-rules.ts';
import { WORK_FLAGS } from '../../attendance/work-flag.ts';
import { CLOCK_ACTIONS } from '../../clock/clock-engine.ts';
import { VoluntaryOfferInput } from '../../worktime/complementary-schema.ts';
import type { OfferStatus } from '../../worktime/complementary-hours.ts';
import { InterruptionSchema, StandbySchema } from '../../worktime/time-apart-schema.ts';
import type { WorkTimeWarningKind } from '../../worktime/work-time-warnings.ts';
import { contract, listOf, listQuery, MessageAnswer, queryDate, queryId, readOf, savedOf } from '../contract.ts';

/** The ways a punch is made (`punches.method`). */
export const PUNCH_METHODS = ['pin', 'face', 'card', 'manual', 'personal'] as const;
const WARNING_KINDS = ['shortBreak', 'shortRest', 'longDay', 'nightOvertime', 'shortNotice'] as const satisfies readonly WorkTimeWarningKind[];
const REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const satisfies readonly RequestStatus[];
const CORRECTION_KINDS = ['missingDay', 'missingCheckOut', 'wrongTime'] as const satisfies readonly CorrectionKind[];
const OFFER_STATUSES = ['offered', 'accepted', 'declined'] as const satisfies readonly OfferStatus[];

/** An attendance as the API shows it (spec section 3, `AttendanceDto`): instants ISO 8601 UTC, durations seconds. */
export const AttendanceRecord = v.object({
  _id: v.number(),
  employee: v.number(),
  employeeName: v.string(),
  nationalId: v.string(),
  department: v.number(),
  departmentName: v.string(),
  date: v.pipe(v.string(), v.description('Local work date (the day the shift started), YYYY-MM-DD.')),
  timezone: v.pipe(v.string(), v.description('The IANA time zone the day was recorded in.')),
  timeIn: v.string(),
  timeOut: v.nullable(v.string()),
  breakIn: v.pipe(v.nullable(v.string()), v.description('The first break’s start.')),
  breakOut: v.pipe(v.nullable(v.string()), v.description('The first break’s end.')),
  breakSeconds: v.number(),
  workedSeconds: v.nullable(v.number()),
  totalHours: v.pipe(v.nullable(v.number()), v.description('Worked hours, rounded to hundredths; null while the day is open.')),
  statusInOut: v.pipe(v.picklist(['in', 'out']), v.description('`in` while the day is open, `out` once closed.')),
  missingCheckOut: v.pipe(v.boolean(), v.description('Open, from an earlier date, and no longer the shift being worked: a forgotten check-out.')),
  closedAutomatically: v.pipe(v.boolean(), v.description('Closed by the automatic clock-out at its scheduled end, until an administrator corrects it.')),
  statusIn: v.nullable(v.picklist(['on_time', 'late'])),
  lateSeconds: v.number(),
  earlyDepartureSeconds: v.number(),
  reason: v.nullable(v.string()),
  source: v.picklist(['clock', 'manual']),
  workFlag: v.pipe(v.nullable(v.picklist(WORK_FLAGS)), v.description('Work outside the schedule; null = a scheduled shift.')),
  revision: v.number(),
  workMode: v.picklist(WORK_MODES),
  overtimeCompensation: v.pipe(v.nullable(v.picklist(OVERTIME_COMPENSATIONS)), v.description('Overtime paid or compensated with rest; null = not marked.')),
  outsidePunches: v.pipe(v.number(), v.description('On-site personal punches of the day made outside every workplace (proof of place).')),
  overtimeMarkedBy: v.nullable(v.picklist(['worker', 'administrator'])),
  overtimeForceMajeure: v.pipe(v.nullable(v.string()), v.description('Why the day’s overtime is force majeure (art. 35.3 ET); null = not.')),
  createdAt: v.string(),
  updatedAt: v.string(),
  voidedAt: v.pipe(v.nullable(v.string()), v.description('Voided: kept, struck through, counts for nothing.')),
  voidReason: v.nullable(v.string()),
});

/** A break's instants. */
const BreakRecord = v.object({ startAt: v.string(), endAt: v.nullable(v.string()) });

/** One revision of a day, newest first in the detail. */
export const AttendanceRevisionRecord = v.object({
  revision: v.number(),
  timeIn: v.string(),
  timeOut: v.nullable(v.string()),
  breaks: v.array(BreakRecord),
  workedSeconds: v.nullable(v.number()),
  reason: v.nullable(v.string()),
  author: v.nullable(v.number()),
  authorName: v.nullable(v.string()),
  createdAt: v.string(),
});

/** An attendance with its breaks, revisions and punch count (`AttendanceDetailDto`). */
export const AttendanceDetailRecord = v.object({
  ...AttendanceRecord.entries,
  breaks: v.array(v.object({ _id: v.number(), ...BreakRecord.entries })),
  revisions: v.array(AttendanceRevisionRecord),
  punches: v.pipe(v.number(), v.description('How many punches terminals recorded for the day.')),
});

/** The time that counts and the work-time warnings a day carries in the list and the read (decision 050). */
const workTime = {
  countedSeconds: v.pipe(v.nullable(v.number()), v.description('The time that counts as work under the break rules; null while open.')),
  deductedSeconds: v.pipe(v.number(), v.description('Seconds deducted automatically for a break not punched.')),
  warnings: v.array(v.object({ date: v.string(), kind: v.picklist(WARNING_KINDS), seconds: v.number(), limitSeconds: v.number() })),
};

/** A worker's correction request (decision 034): proposed local times `HH:mm` on the work date. */
export const CorrectionRequestRecord = v.object({
  _id: v.number(),
  employee: v.number(),
  employeeName: v.string(),
  attendance: v.nullable(v.number()),
  date: v.string(),
  timezone: v.string(),
  kind: v.picklist(CORRECTION_KINDS),
  timeIn: v.string(),
  timeOut: v.nullable(v.string()),
  breakIn: v.nullable(v.string()),
  breakOut: v.nullable(v.string()),
  reason: v.string(),
  status: v.picklist(REQUEST_STATUSES),
  requestedBy: v.pipe(v.number(), v.description('The account that filed it (four eyes: it never decides it).')),
  requesterName: v.nullable(v.string()),
  deciderName: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  comment: v.nullable(v.string()),
  appliedRevision: v.pipe(v.nullable(v.number()), v.description('The revision the approval wrote on the day.')),
  createdAt: v.string(),
  current: v.pipe(
    v.nullable(v.object({ timeIn: v.string(), timeOut: v.nullable(v.string()), breakIn: v.nullable(v.string()), breakOut: v.nullable(v.string()), revision: v.number() })),
    v.description('The day as recorded now (instants), when it exists.'),
  ),
});

/** A standby period or interruption as written: its id and local work date. */
const TimeApartWritten = v.object({ id: v.number(), date: v.string() });

/** Filters of the attendance list and its export. */
const attendanceFilters = {
  ...listQuery,
  from: v.optional(queryDate),
  to: v.optional(queryDate),
  employee: v.optional(queryId),
  department: v.optional(queryId),
  status: v.optional(v.picklist(['open', 'closed'])),
  late: v.optional(v.picklist(['1', 'true', 'yes', '0', 'false', 'no'])),
  early: v.optional(v.picklist(['1', 'true', 'yes', '0', 'false', 'no'])),
  source: v.optional(v.picklist(['clock', 'manual'])),
} as const;

export const ATTENDANCE_CONTRACTS = {
  'GET /api/attendances': contract({
    summary: 'List attendances (an Employee account: only its own days)',
    query: v.object(attendanceFilters),
    answer: listOf(v.object({ ...AttendanceRecord.entries, ...workTime })),
  }),
  'POST /api/attendances': contract({
    summary: 'Record a day by hand',
    body: AttendanceCreateInput,
    answer: savedOf(AttendanceDetailRecord),
    status: 201,
    errors: [409],
  }),
  'GET /api/attendances/{id}': contract({ answer: readOf(v.object({ ...AttendanceDetailRecord.entries, ...workTime })) }),
  'PATCH /api/attendances/{id}': contract({ summary: 'Correct a day', body: AttendanceUpdateInput, answer: savedOf(AttendanceDetailRecord), errors: [409] }),
  'DELETE /api/attendances/{id}': contract({ summary: 'Always refused (409): a day is voided with a reason instead', answer: MessageAnswer, errors: [409] }),
  'GET /api/attendances/export': contract({
    summary: 'The filtered attendance list as a spreadsheet',
    query: v.object({ ...attendanceFilters, lang: v.optional(v.picklist(['es', 'en'])) }),
    files: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  }),
  'POST /api/attendances/{id}/void': contract({ summary: 'Void a manual day with a reason', body: AttendanceVoidInput, answer: savedOf(AttendanceDetailRecord), errors: [409] }),
  'POST /api/attendances/{id}/acceptance': contract({
    summary: 'The worker accepts or rejects an administrator’s correction of their day',
    body: CorrectionAnswerInput,
    answer: MessageAnswer,
    errors: [409],
  }),
  'GET /api/attendances/{id}/punch-photos': contract({
    summary: 'The snapshots kept with the day’s face punches',
    answer: v.object({
      data: v.array(v.object({ punch: v.number(), action: v.picklist(CLOCK_ACTIONS), at: v.string(), method: v.picklist(PUNCH_METHODS), url: v.pipe(v.string(), v.description('Where to fetch the JPEG.')) })),
    }),
  }),
  'GET /api/punches/{id}/photo': contract({ summary: 'The JPEG snapshot of a face punch', files: ['image/jpeg'] }),
  'GET /api/attendance-corrections': contract({
    summary: 'Correction requests, newest first (at most 200; an Employee account: only its own)',
    query: v.object({ status: v.optional(v.picklist(['all', ...REQUEST_STATUSES])), employee: v.optional(queryId) }),
    answer: listOf(CorrectionRequestRecord),
  }),
  'POST /api/attendance-corrections': contract({
    summary: 'The worker asks to correct their own day',
    body: CorrectionRequestInput,
    answer: savedOf(CorrectionRequestRecord),
    status: 201,
    errors: [409],
  }),
  'POST /api/attendance-corrections/{id}/approve': contract({ body: CorrectionDecisionInput, answer: savedOf(CorrectionRequestRecord), errors: [409] }),
  'POST /api/attendance-corrections/{id}/decline': contract({ body: CorrectionDecisionInput, answer: savedOf(CorrectionRequestRecord), errors: [409] }),
  'POST /api/attendance-corrections/{id}/withdraw': contract({ summary: 'The worker withdraws their pending request', answer: MessageAnswer, errors: [409] }),
  'POST /api/standby-periods': contract({ summary: 'An employee’s standby period', body: StandbySchema, answer: savedOf(TimeApartWritten), status: 201, errors: [409] }),
  'DELETE /api/standby-periods/{id}': contract({ answer: MessageAnswer, errors: [409] }),
  'POST /api/disconnection-interruptions': contract({
    summary: 'An interruption of an employee’s digital disconnection',
    body: InterruptionSchema,
    answer: savedOf(TimeApartWritten),
    status: 201,
    errors: [409],
  }),
  'DELETE /api/disconnection-interruptions/{id}': contract({ answer: MessageAnswer, errors: [409] }),
  'POST /api/complementary-offers': contract({
    summary: 'Offer a part-time worker voluntary complementary hours',
    body: VoluntaryOfferInput,
    answer: savedOf(
      v.object({
        id: v.number(),
        employeeId: v.number(),
        date: v.string(),
        seconds: v.number(),
        status: v.picklist(OFFER_STATUSES),
        offeredBy: v.nullable(v.number()),
        offeredAt: v.string(),
        answeredAt: v.nullable(v.string()),
      }),
    ),
    status: 201,
    errors: [404, 409],
  }),
} as const;
