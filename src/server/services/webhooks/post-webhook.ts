import { deliveryOutcome, WEBHOOK_TIMEOUT_MS, type DeliveryOutcome, type FailureReason } from '#domain/webhooks/delivery-outcome.ts';
import { nowMs } from '../../clock/now.ts';
import { webhookHeaders } from './webhook-signature.ts';

export interface PostResult {
  outcome: DeliveryOutcome;
  /** The receiver's HTTP status, or null when it did not answer. */
  status: number | null;
  /** Why it was not delivered, in plain words for the outbox screen (null when delivered). */
  error: string | null;
  /** The same as an i18n key (`webhooks.failure.*`) for the test button's answer. */
  reason: FailureReason | null;
}


/** Plain words for a failure without an answer (refused, unknown host, TLS, timeout). */
function noAnswer(error: unknown): { error: string; reason: FailureReason } {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return { error: `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`, reason: 'timeout' };
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? '';
  if (code === 'ECONNREFUSED') return { error: 'connection refused', reason: 'refused' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { error: 'unknown host', reason: 'unknownHost' };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return { error: 'connection closed by the receiver', reason: 'closed' };
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) return { error: `TLS failure (${code})`, reason: 'tls' };
  return { error: cause?.message ?? (error instanceof Error ? error.message : String(error)), reason: 'other' };
}

/**
 * One signed POST of a delivery (decision 058): the body as queued, a new timestamp and signature,
 * 10 s at most, redirects not followed. The answer's body is not read beyond its end being
 * discarded. Never throws.
 */
export async function postWebhook(input: { url: string; secret: string; event: string; deliveryId: string; body: string }): Promise<PostResult> {
  const timestamp = Math.floor(nowMs() / 1000);
  try {
    const res = await fetch(input.url, {
      method: 'POST',
      headers: webhookHeaders({ secret: input.secret, event: input.event, deliveryId: input.deliveryId, timestamp, body: input.body }),
      body: input.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => {});
    const outcome = deliveryOutcome(res.status);
    if (outcome === 'delivered') return { outcome, status: res.status, error: null, reason: null };
    const redirect = res.status >= 300 && res.status < 400 ? ' (redirects are not followed)' : '';
    return { outcome, status: res.status, error: `HTTP ${res.status}${redirect}`, reason: 'status' };
  } catch (error) {
    return { outcome: 'retry', status: null, ...noAnswer(error) };
  }
}
