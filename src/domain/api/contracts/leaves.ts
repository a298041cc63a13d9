import * as v from 'valibot';
import { LEAVE_STATUSES } from '../../leave/leave-rules.ts';
import { LeaveDecisionInput, LeaveRequestInput } from '../../leave/leave-schema.ts';
import { contract, listOf, listQuery, MessageAnswer, queryDate, queryId, queryInteger, readOf, savedOf } from '../contract.ts';

/** A leave request or recorded absence as the API answers it (`LeaveDto`). */
export const LeaveRecord = v.object({
  _id: v.number(),
  employee: v.number(),
  employeeName: v.string(),
  department: v.number(),
  departmentName: v.string(),
  leaveType: v.number(),
  leaveTypeName: v.string(),
  from: v.string(),
  to: v.string(),
  days: v.pipe(v.number(), v.description('Working days of the employee’s schedule from `from` to `to`.')),
  reason: v.string(),
  returnDate: v.pipe(v.nullable(v.string()), v.description('The first working day after `to`.')),
  status: v.picklist(LEAVE_STATUSES),
  comment: v.nullable(v.string()),
  decidedBy: v.nullable(v.number()),
  decidedByName: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  requestedBy: v.pipe(v.nullable(v.number()), v.description('The account that asked for it (four eyes); null when unknown.')),
  requestedByName: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});

/** One leave type's allowance in a year (`LeaveBalanceDto`). */
export const LeaveBalanceRecord = v.object({
  leaveType: v.number(),
  name: v.string(),
  daysPerYear: v.nullable(v.number()),
  entitled: v.pipe(v.nullable(v.number()), v.description('Days this year grants (prorated, or accrued so far); null = unlimited.')),
  carriedOver: v.number(),
  carryOverExpires: v.nullable(v.string()),
  taken: v.number(),
  pending: v.number(),
  remaining: v.pipe(v.nullable(v.number()), v.description('Entitled plus carried days still usable, minus taken and pending; null = unlimited.')),
  allowed: v.pipe(v.boolean(), v.description('In the employee’s leave group (may be requested).')),
});

export const LEAVE_CONTRACTS = {
  'GET /api/leaves': contract({
    summary: 'List leave (an Employee account: only its own)',
    query: v.object({
      ...listQuery,
      status: v.optional(v.picklist(LEAVE_STATUSES)),
      leaveType: v.optional(queryId),
      employee: v.optional(queryId),
      department: v.optional(queryId),
      from: v.optional(queryDate),
      to: v.optional(queryDate),
    }),
    answer: listOf(LeaveRecord),
  }),
  'POST /api/leaves': contract({
    summary: 'Request leave, or record an absence approved at once (`approved: true`)',
    body: LeaveRequestInput,
    answer: savedOf(LeaveRecord),
    status: 201,
    errors: [409],
  }),
  'GET /api/leaves/{id}': contract({ answer: readOf(LeaveRecord) }),
  'PATCH /api/leaves/{id}': contract({
    summary: 'Decide (`status`) or edit a pending request',
    body: v.union([LeaveRequestInput, LeaveDecisionInput]),
    answer: savedOf(LeaveRecord),
    errors: [409],
  }),
  'DELETE /api/leaves/{id}': contract({ answer: MessageAnswer, errors: [409] }),
  'POST /api/leaves/{id}/withdraw': contract({ summary: 'Withdraw a pending request', answer: MessageAnswer, errors: [409] }),
  'GET /api/leaves/balances': contract({
    summary: 'Leave balances of an employee in a year',
    query: v.object({ employee: v.optional(queryId), year: v.optional(queryInteger) }),
    answer: v.object({ employee: v.nullable(v.number()), year: v.number(), data: v.array(LeaveBalanceRecord) }),
  }),
} as const;
