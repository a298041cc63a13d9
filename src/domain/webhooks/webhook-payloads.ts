import type { WebhookEvent } from './webhook-events.ts';

/**
 * The `data` of each webhook event (decision 058; issue 41 point 5): the one contract the emitters,
 * the docs and (issue 41 point 1) the OpenAPI `webhooks` section read. Ids and facts, no names
 * (decision 058): a receiver reads people through the API with a token; free texts a worker wrote
 * (reasons) are left out, only the decider's comment on a leave is sent.
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
    /** What the worker asks to fix: `missingDay`, `missingCheckOut` or `wrongTime` (domain/attendance/correction-rules.ts). */
    kind: string;
    timeIn: string | null;
    timeOut: string | null;
    breakIn: string | null;
    breakOut: string | null;
    requestedBy: number;
  };
  'correction.decided': { requestId: number; employeeId: number; date: string; status: 'approved' | 'declined'; decidedBy: number; attendanceId: number | null };
  /** Ids and facts, no names (decision 058): a receiver reads the person through the API. */
  'employee.created': { employeeId: number; companyId: number; departmentId: number; jobTitleId: number; status: string; source: 'form' | 'import' };
  /** The names of the fields whose value changed (read the values through the API). */
  'employee.updated': { employeeId: number; changed: string[] };
  'employee.archived': { employeeId: number; status: 'archived' | 'active' };
  'terminal.silent': { terminalId: number; name: string; lastSeenAt: string };
  'period.reopened': { employeeId: number; periods: { from: string; to: string }[]; reopenedBy: number };
}

/** One event as an emitter hands it over. */
export type WebhookEventOf<E extends WebhookEvent = WebhookEvent> = { [K in E]: { event: K; occurredAt: string; data: WebhookEventData[K] } }[E];
