/**
 * The events a webhook can subscribe to (issue 22 point 6, decision 058), and the one a "Send test
 * event" sends. Names are part of the public contract (`X-Jornada-Event`, payload `event`):
 * never rename one that has shipped.
 */
export const WEBHOOK_EVENTS = [
  'punch.recorded',
  'leave.decided',
  'period.approved',
  // Issue 41 point 5.
  'leave.requested',
  'correction.requested',
  'correction.decided',
  'employee.created',
  'employee.updated',
  'employee.archived',
  'terminal.silent',
  'period.reopened',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent only by the test button, to one webhook, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** i18n keys of the events' labels (the screen's checkboxes and delivery list). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, string> = {
  'punch.recorded': 'webhooks.events.punchRecorded',
  'leave.decided': 'webhooks.events.leaveDecided',
  'period.approved': 'webhooks.events.periodApproved',
  'leave.requested': 'webhooks.events.leaveRequested',
  'correction.requested': 'webhooks.events.correctionRequested',
  'correction.decided': 'webhooks.events.correctionDecided',
  'employee.created': 'webhooks.events.employeeCreated',
  'employee.updated': 'webhooks.events.employeeUpdated',
  'employee.archived': 'webhooks.events.employeeArchived',
  'terminal.silent': 'webhooks.events.terminalSilent',
  'period.reopened': 'webhooks.events.periodReopened',
  'webhook.test': 'webhooks.events.test',
};

/** The subscribed events of a list, in the table's order, unknown names dropped. */
export function knownEvents(list: readonly unknown[]): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((e) => list.includes(e));
}
