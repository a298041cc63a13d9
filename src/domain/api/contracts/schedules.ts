import * as v from 'valibot';
import { DepartmentScheduleCreateInput, ScheduleCreateInput, ScheduleInput } from '../../schedules/schedule-schema.ts';
import { contract, listOf, listQuery, MessageAnswer, queryId, readOf, savedOf } from '../contract.ts';

/** The statuses of a schedule: the one in force from its start date, or one a later schedule replaced. */
export const SCHEDULE_STATUSES = ['current', 'previous'] as const;

/** An employee's work schedule as the API answers it (`ScheduleDto`). */
export const ScheduleRecord = v.object({
  _id: v.number(),
  employee: v.number(),
  employeeName: v.string(),
  department: v.number(),
  departmentName: v.string(),
  startTime: v.pipe(v.string(), v.description('Local time HH:mm.')),
  offTime: v.pipe(v.string(), v.description('Local time HH:mm (before startTime = the next day).')),
  totalHours: v.number(),
  restDays: v.pipe(v.array(v.string()), v.description('Weekday names in English (`Saturday`, `Sunday`).')),
  fromDate: v.string(),
  toDate: v.pipe(v.nullable(v.string()), v.description('null = open-ended.')),
  status: v.picklist(SCHEDULE_STATUSES),
  onLeave: v.pipe(v.boolean(), v.description('Approved leave covers today (the list’s reference date; false in a single read).')),
  createdAt: v.string(),
  updatedAt: v.string(),
});

export const SCHEDULE_CONTRACTS = {
  'GET /api/schedules': contract({
    summary: 'List schedules (an Employee account: only its own)',
    query: v.object({
      ...listQuery,
      employee: v.optional(queryId),
      department: v.optional(queryId),
      status: v.optional(v.picklist(SCHEDULE_STATUSES)),
    }),
    answer: listOf(ScheduleRecord),
  }),
  'POST /api/schedules': contract({
    summary: 'Give an employee a schedule (without `fromDate`: from the next working day); an overlapping one becomes previous',
    body: ScheduleCreateInput,
    answer: savedOf(ScheduleRecord),
    status: 201,
    errors: [409],
  }),
  'GET /api/schedules/{id}': contract({ answer: readOf(ScheduleRecord) }),
  'PATCH /api/schedules/{id}': contract({ body: ScheduleInput, answer: savedOf(ScheduleRecord), errors: [409] }),
  'DELETE /api/schedules/{id}': contract({ summary: 'Delete a schedule; the one it replaced gets its dates back', answer: MessageAnswer, errors: [409] }),
  'POST /api/schedules/bulk': contract({
    summary: 'The same schedule for every active employee of a department',
    body: DepartmentScheduleCreateInput,
    answer: v.object({ created: v.pipe(v.number(), v.description('Schedules created: one per active employee.')), message: v.string() }),
    status: 201,
    errors: [409],
  }),
} as const;
