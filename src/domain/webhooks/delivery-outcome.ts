/**
 * What a receiver's answer means for a delivery (decision 058): any 2xx is delivered; 408 and
 * 429 (the receiver asks us to come back) and 5xx are retried with the outbox's backoff; a
 * redirect is not followed and, like any other 4xx, fails for good (the address or the receiver
 * must be fixed; the administrator can retry it from the outbox screen). No answer at all (refused
 * connection, DNS, TLS, the 10 s timeout) is retried.
 */
export type DeliveryOutcome = 'delivered' | 'retry' | 'permanent';

export function deliveryOutcome(status: number): DeliveryOutcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  if (status >= 300 && status < 500) return 'permanent';
  return 'retry';
}

/** How long one delivery attempt may take before it counts as no answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Why an attempt got no 2xx, for the test button's translated answer. */
export type FailureReason = 'status' | 'timeout' | 'refused' | 'unknownHost' | 'closed' | 'tls' | 'linkLocal' | 'other';

export const TEST_FAILURE_MESSAGES: Record<FailureReason, string> = {
  status: 'webhooks.testFailed.status',
  timeout: 'webhooks.testFailed.timeout',
  refused: 'webhooks.testFailed.refused',
  unknownHost: 'webhooks.testFailed.unknownHost',
  closed: 'webhooks.testFailed.closed',
  tls: 'webhooks.testFailed.tls',
  linkLocal: 'webhooks.testFailed.linkLocal',
  other: 'webhooks.testFailed.other',
};

/** Labels of the outbox states a delivery shows. */
export const DELIVERY_STATUS_LABELS: Record<string, string> = {
  pending: 'webhooks.deliveryStatus.pending',
  sending: 'webhooks.deliveryStatus.sending',
  sent: 'webhooks.deliveryStatus.sent',
  failed: 'webhooks.deliveryStatus.failed',
  discarded: 'webhooks.deliveryStatus.discarded',
};
