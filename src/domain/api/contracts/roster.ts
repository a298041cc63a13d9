import * as v from 'valibot';
import { LANGUAGES } from '#i18n/languages.ts';
import { CLAIM_STATUSES, SWAP_STATUSES } from '../../roster/roster-requests.ts';
import { CopyWeekInput, CoverageInput, RepeatWeeksInput, RosterRangeInput, RosterShiftInput, RosterShiftPatch, ShiftTemplateInput, ShiftTemplatePatch } from '../../roster/roster-schema.ts';
import { ROSTER_WARNING_KINDS } from '../../roster/roster-warnings.ts';
import { contract, MessageAnswer, queryDate, queryId } from '../contract.ts';

/** A shift template (`ShiftTemplateDto`). */
export const ShiftTemplateRecord = v.object({
  _id: v.number(),
  name: v.string(),
  startTime: v.string(),
  endTime: v.string(),
  breakMinutes: v.number(),
  colour: v.string(),
  department: v.pipe(v.nullable(v.number()), v.description('The one department it serves; null = every department of the company.')),
  archived: v.pipe(v.boolean(), v.description('Kept for the draft shifts that use it; offered for no new shift.')),
});

/** A draft shift of the roster (`RosterShiftDto`). */
export const RosterShiftRecord = v.object({
  _id: v.number(),
  employee: v.pipe(v.nullable(v.number()), v.description('null = an open shift, for the department’s workers to claim.')),
  date: v.string(),
  startTime: v.string(),
  endTime: v.string(),
  breakMinutes: v.number(),
  template: v.nullable(v.number()),
  published: v.pipe(v.boolean(), v.description('false once edited after the last publication (a draft change).')),
  claims: v.optional(v.pipe(v.number(), v.description('Pending claims of an open shift.'))),
});

/** A roster warning (decision 088): `code` is the i18n key of its sentence, `params` the rule's measured numbers. */
export const RosterWarningRecord = v.object({
  code: v.string(),
  kind: v.picklist(ROSTER_WARNING_KINDS),
  employee: v.number(),
  date: v.string(),
  params: v.pipe(v.record(v.string(), v.number()), v.description('Minutes or days by kind: restMinutes, workMinutes, plannedMinutes, overlapMinutes, noticeDays, limitMinutes, limitDays.')),
});

/** A day of the published plan. */
export const PublishedDayRecord = v.object({
  employee: v.number(),
  date: v.string(),
  kind: v.picklist(['shift', 'rest']),
  startTime: v.nullable(v.string()),
  endTime: v.nullable(v.string()),
  breakMinutes: v.number(),
});

/** Staff a template needs on an ISO weekday (1 = Monday … 7 = Sunday). */
export const CoverageNeedRecord = v.object({ template: v.number(), weekday: v.number(), staff: v.number() });

/** An employee of the grid (`RosterEmployeeDto`). */
export const RosterEmployeeRecord = v.object({
  _id: v.number(),
  name: v.string(),
  partTimePercent: v.nullable(v.number()),
  workingDayType: v.picklist(['full-time', 'part-time']),
});

/** A publication of a range (`RosterPublicationDto`). */
export const RosterPublicationRecord = v.object({
  from: v.string(),
  to: v.string(),
  publishedAt: v.string(),
  publishedByName: v.nullable(v.string()),
  changedDays: v.number(),
});

/** The grid answer (`RosterDto`): the draft, the published plan and what planning needs beside them. */
export const RosterRecord = v.object({
  department: v.object({ _id: v.number(), name: v.string() }),
  from: v.string(),
  to: v.string(),
  dates: v.array(v.string()),
  employees: v.array(RosterEmployeeRecord),
  shifts: v.array(RosterShiftRecord),
  published: v.array(PublishedDayRecord),
  templates: v.array(ShiftTemplateRecord),
  leave: v.array(v.object({ employee: v.number(), date: v.string(), leaveType: v.string() })),
  holidays: v.array(v.object({ date: v.string(), name: v.string() })),
  locked: v.pipe(v.array(v.object({ employee: v.number(), date: v.string() })), v.description('Days of approved periods: no shift may change there.')),
  coverage: v.array(v.object({ template: v.number(), date: v.string(), needed: v.number(), planned: v.number() })),
  warnings: v.array(RosterWarningRecord),
  publications: v.array(RosterPublicationRecord),
  unpublishedChanges: v.pipe(v.number(), v.description('Days that publishing these dates would change.')),
});

/** A shift in a claim or a swap. */
const RequestShiftRecord = { _id: v.number(), date: v.string(), startTime: v.string(), endTime: v.string(), breakMinutes: v.number() };
export const SwapShiftRecord = v.object(RequestShiftRecord);
const Person = v.object({ _id: v.number(), name: v.string() });

/** An open-shift claim as the administrators' list shows it (`ClaimDto`). */
export const ClaimRecord = v.object({
  _id: v.number(),
  shift: v.object({ ...RequestShiftRecord, department: v.string() }),
  employee: Person,
  status: v.picklist(CLAIM_STATUSES),
  createdAt: v.string(),
});

/** A shift swap (`SwapDto`): `from` proposes, `to` answers; a trade when `otherShift` is given. */
export const SwapRecord = v.object({
  _id: v.number(),
  shift: SwapShiftRecord,
  otherShift: v.nullable(SwapShiftRecord),
  from: Person,
  to: Person,
  status: v.picklist(SWAP_STATUSES),
  note: v.nullable(v.string()),
  createdAt: v.string(),
});

/** What a copy, repeat or fill placed: shifts created and candidates skipped (a draft shift there, or a locked day). */
const PlacedAnswer = v.object({ created: v.number(), skipped: v.number() });
const SavedShiftAnswer = v.object({ data: RosterShiftRecord, warnings: v.array(RosterWarningRecord), message: v.string() });

export const ROSTER_CONTRACTS = {
  'GET /api/shift-templates': contract({ summary: 'The company’s shift templates', answer: v.object({ data: v.array(ShiftTemplateRecord) }) }),
  'POST /api/shift-templates': contract({ body: ShiftTemplateInput, answer: v.object({ data: ShiftTemplateRecord, message: v.string() }), status: 201 }),
  'PATCH /api/shift-templates/{id}': contract({ body: ShiftTemplatePatch, answer: v.object({ data: ShiftTemplateRecord, message: v.string() }) }),
  'DELETE /api/shift-templates/{id}': contract({
    summary: 'Delete a template, or archive it while draft shifts use it',
    answer: v.object({ result: v.picklist(['deleted', 'archived']), message: v.string() }),
  }),
  'GET /api/roster': contract({
    summary: 'A department’s roster grid (at most 62 days)',
    query: v.object({ department: queryId, from: queryDate, to: queryDate }),
    answer: RosterRecord,
  }),
  'POST /api/roster/shifts': contract({ summary: 'Add a draft shift (`employee: null` = an open shift)', body: RosterShiftInput, answer: SavedShiftAnswer, status: 201, errors: [409] }),
  'PATCH /api/roster/shifts/{id}': contract({ summary: 'Change or move a draft shift', body: RosterShiftPatch, answer: SavedShiftAnswer, errors: [409] }),
  'DELETE /api/roster/shifts/{id}': contract({ answer: MessageAnswer, errors: [409] }),
  'POST /api/roster/copy-week': contract({ summary: 'Copy one week onto another', body: CopyWeekInput, answer: PlacedAnswer }),
  'POST /api/roster/repeat': contract({ summary: 'Repeat a pattern of weeks (rotations)', body: RepeatWeeksInput, answer: PlacedAnswer }),
  'POST /api/roster/fill': contract({ summary: 'Fill the dates from the employees’ schedules', body: RosterRangeInput, answer: PlacedAnswer }),
  'POST /api/roster/publish': contract({
    summary: 'Publish the dates: they become the employees’ plan',
    body: RosterRangeInput,
    answer: v.object({ changedDays: v.number(), notified: v.pipe(v.number(), v.description('Employees told of a change.')) }),
    errors: [409],
  }),
  'GET /api/roster/coverage': contract({ query: v.object({ department: queryId }), answer: v.object({ data: v.array(CoverageNeedRecord) }) }),
  'PUT /api/roster/coverage': contract({ summary: 'Replace a department’s coverage needs', body: CoverageInput, answer: v.object({ data: v.array(CoverageNeedRecord) }) }),
  'GET /api/roster/week.pdf': contract({
    summary: 'A department’s published week as a PDF',
    query: v.object({
      department: v.optional(v.pipe(v.string(), v.description('The department id (required: 400 without it).'))),
      week: v.optional(v.pipe(v.string(), v.description('Its Monday, YYYY-MM-DD (this week without it; 400 for another day).'))),
      lang: v.optional(v.picklist(LANGUAGES)),
    }),
    files: ['application/pdf'],
    errors: [400],
  }),
  'GET /api/roster/claims': contract({
    summary: 'Open-shift claims of the managed companies',
    query: v.object({ status: v.optional(v.pipe(v.picklist(CLAIM_STATUSES), v.description('Default pending.'))) }),
    answer: v.object({ data: v.array(ClaimRecord) }),
  }),
  'POST /api/roster/claims/{id}/approve': contract({ answer: v.object({ data: v.object({ status: v.picklist(['approved', 'declined']) }), message: v.string() }), errors: [409] }),
  'POST /api/roster/claims/{id}/decline': contract({ answer: v.object({ data: v.object({ status: v.picklist(['approved', 'declined']) }), message: v.string() }), errors: [409] }),
  'GET /api/roster/swaps': contract({
    summary: 'Shift swaps of the managed companies',
    query: v.object({ status: v.optional(v.pipe(v.picklist(SWAP_STATUSES), v.description('Default accepted: those waiting for approval.'))) }),
    answer: v.object({ data: v.array(SwapRecord) }),
  }),
  'POST /api/roster/swaps/{id}/approve': contract({
    answer: v.object({ data: v.object({ status: v.picklist(['approved', 'rejected']), changedDays: v.number() }), message: v.string() }),
    errors: [409],
  }),
  'POST /api/roster/swaps/{id}/reject': contract({
    answer: v.object({ data: v.object({ status: v.picklist(['approved', 'rejected']), changedDays: v.number() }), message: v.string() }),
    errors: [409],
  }),
} as const;
