import { createHmac } from 'node:crypto';

/**
 * The signature of a delivery (decision 058, docs/webhooks.md): HMAC-SHA256 with the webhook's
 * secret over `<timestamp>.<body>`, hex, sent as `X-Jornada-Signature: sha256=<hex>` with the
 * timestamp (Unix seconds) in `X-Jornada-Timestamp`. Signing the timestamp lets a receiver refuse
 * old replays; signing the exact body bytes lets it check before parsing.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of one delivery attempt. */
export function webhookHeaders(input: { secret: string; event: string; deliveryId: string; timestamp: number; body: string }): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Jornada-Webhooks/1',
    'x-jornada-event': input.event,
    'x-jornada-delivery': input.deliveryId,
    'x-jornada-timestamp': String(input.timestamp),
    'x-jornada-signature': webhookSignature(input.secret, input.timestamp, input.body),
  };
}
