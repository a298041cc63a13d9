import type { WebhookEvent } from './webhook-events.ts';

/**
 * The `data` of each webhook event (decision 058; issue 41 point 5): the one contract the emitters,
 * the docs and (issue 41 point 1) the OpenAPI `webhooks` section read. Ids name records a receiver
 * reads through the API with a token; free texts a worker wrote (reasons, comments) are left out,
 * except the decider's comment on a leave, which the worker receives anyway.
 */
export interface WebhookEventData {
  'punch.recorded': {
    punchId: number;
    attendanceId: number;
    employeeId: number;
    action: string;
    at: string;
    method: string;
    terminalId?: number | null;
    offline: boolean;
    receivedAt?: string;
    workMode?: string;
    [extra: string]: unknown;
  };
  'leave.decided': {
    leaveId: number;
    employeeId: number;
    leaveTypeId: number;
    from: string;
    to: string;
    status: string;
    previousStatus: string;
    comment: string | null;
    decidedBy: number;
  };
  'period.approved': { from: string; to: string; employeeIds: number[]; approvedBy: number };
  'leave.requested': { leaveId: number; employeeId: number; leaveTypeId: number; from: string; to: string; requestedBy: number };
  'correction.requested': {
    requestId: number;
    employeeId: number;
    date: string;
    /** `change` of a recorded day, `missing` for a day without a record. */
    kind: string;
    timeIn: string | null;
    timeOut: string | null;
    breakIn: string | null;
    breakOut: string | null;
    requestedBy: number;
  };
  'correction.decided': { requestId: number; employeeId: number; date: string; status: 'approved' | 'declined'; decidedBy: number; attendanceId: number | null };
  'employee.created': { employeeId: number; firstName: string; lastName: string; email: string | null; companyId: number; departmentId: number; jobTitleId: number; status: string; source: 'form' | 'import' };
  /** The names of the fields whose value changed (read the values through the API). */
  'employee.updated': { employeeId: number; changed: string[] };
  'employee.archived': { employeeId: number; status: 'archived' | 'active' };
  'terminal.silent': { terminalId: number; name: string; lastSeenAt: string };
  'period.reopened': { employeeId: number; periods: { from: string; to: string }[]; reopenedBy: number };
}

/** One event as an emitter hands it over. */
export type WebhookEventOf<E extends WebhookEvent = WebhookEvent> = { [K in E]: { event: K; occurredAt: string; data: WebhookEventData[K] } }[E];
