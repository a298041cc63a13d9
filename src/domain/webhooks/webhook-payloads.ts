import * as v from 'valibot';
import type { WebhookEvent } from './webhook-events.ts';

const Id = v.number();
const Day = v.pipe(v.string(), v.description('YYYY-MM-DD'));
const Instant = v.pipe(v.string(), v.description('ISO 8601 instant (UTC)'));

/**
 * The `data` of each webhook event (decision 058; issue 41 point 5): the one contract the emitters
 * (types), the docs and the OpenAPI `webhooks` section (schemas) read. Ids and facts, no names
 * (decision 058): a receiver reads people through the API with a token; free texts a worker wrote
 * (reasons) are left out, only the decider's comment on a leave is sent.
 */
export const WEBHOOK_EVENT_SCHEMAS = {
  'punch.recorded': v.looseObject({
    punchId: Id,
    attendanceId: Id,
    employeeId: Id,
    action: v.pipe(v.string(), v.description('check-in, break-in, break-out or check-out')),
    at: Instant,
    method: v.pipe(v.string(), v.description('pin, face, card, manual or personal')),
    terminalId: v.optional(v.nullable(Id)),
    offline: v.boolean(),
    receivedAt: v.optional(Instant),
    workMode: v.optional(v.string()),
  }),
  'leave.decided': v.object({
    leaveId: Id,
    employeeId: Id,
    leaveTypeId: Id,
    from: Day,
    to: Day,
    status: v.string(),
    previousStatus: v.string(),
    comment: v.nullable(v.string()),
    decidedBy: Id,
  }),
  'period.approved': v.object({ from: Day, to: Day, employeeIds: v.array(Id), approvedBy: Id }),
  'leave.requested': v.object({ leaveId: Id, employeeId: Id, leaveTypeId: Id, from: Day, to: Day, requestedBy: Id }),
  'correction.requested': v.object({
    requestId: Id,
    employeeId: Id,
    date: Day,
    kind: v.pipe(v.string(), v.description('What the worker asks to fix: missingDay, missingCheckOut or wrongTime.')),
    timeIn: v.nullable(v.string()),
    timeOut: v.nullable(v.string()),
    breakIn: v.nullable(v.string()),
    breakOut: v.nullable(v.string()),
    requestedBy: Id,
  }),
  'correction.decided': v.object({ requestId: Id, employeeId: Id, date: Day, status: v.picklist(['approved', 'declined']), decidedBy: Id, attendanceId: v.nullable(Id) }),
  'employee.created': v.object({ employeeId: Id, companyId: Id, departmentId: Id, jobTitleId: Id, status: v.string(), source: v.picklist(['form', 'import']) }),
  'employee.updated': v.object({ employeeId: Id, changed: v.pipe(v.array(v.string()), v.description('The names of the fields whose value changed (read the values through the API).')) }),
  'employee.archived': v.object({ employeeId: Id, status: v.picklist(['archived', 'active']) }),
  'terminal.silent': v.object({ terminalId: Id, name: v.string(), lastSeenAt: Instant }),
  'period.reopened': v.object({ employeeId: Id, periods: v.array(v.object({ from: Day, to: Day })), reopenedBy: Id }),
} as const satisfies Record<WebhookEvent, v.GenericSchema>;

/** The `data` of each event, as the schemas above say. */
export type WebhookEventData = { [E in WebhookEvent]: v.InferOutput<(typeof WEBHOOK_EVENT_SCHEMAS)[E]> };

/** One event as an emitter hands it over. */
export type WebhookEventOf<E extends WebhookEvent = WebhookEvent> = { [K in E]: { event: K; occurredAt: string; data: WebhookEventData[K] } }[E];
