import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressClass, type AddressClass } from '#domain/net/address-class.ts';
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
  /**
   * Whether every address the host resolved to is public. Only then does "Send test event" say
   * how it failed (issue 34.7): for a private or loopback address "refused", "timeout" or
   * "HTTP 404" would tell an open port from a closed one on the server's own network. False when
   * the name did not resolve.
   */
  publicAddress: boolean;
}

const LINK_LOCAL_CODE = 'EJORNADA_LINK_LOCAL';

/** Plain words for a failure without an answer (refused, unknown host, TLS, timeout). */
function noAnswer(error: unknown): { error: string; reason: FailureReason } {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return { error: `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`, reason: 'timeout' };
  const own = error as { code?: string; cause?: { code?: string; message?: string } } | undefined;
  const code = own?.code ?? own?.cause?.code ?? '';
  if (code === LINK_LOCAL_CODE) return { error: 'the host resolves to a link-local address (169.254.0.0/16, fe80::/10): refused', reason: 'linkLocal' };
  if (code === 'ECONNREFUSED') return { error: 'connection refused', reason: 'refused' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { error: 'unknown host', reason: 'unknownHost' };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return { error: 'connection closed by the receiver', reason: 'closed' };
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) return { error: `TLS failure (${code})`, reason: 'tls' };
  return { error: own?.cause?.message ?? (error instanceof Error ? error.message : String(error)), reason: 'other' };
}

/** How a host name becomes addresses: `dns.lookup` (the system's resolver, /etc/hosts included). */
export type Resolver = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A DNS lookup that notes the class of every address the host resolves to and refuses the
 * connection when any of them is link-local: the check is made on the addresses the socket is
 * about to use, so a name that resolves differently at registration and at delivery (DNS
 * rebinding) is caught too.
 */
function guardedLookup(seen: AddressClass[], resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const classes = addresses.map((a) => addressClass(a.address) ?? 'nonPublic');
      seen.push(...classes);
      if (classes.includes('linkLocal')) {
        return callback(Object.assign(new Error('link-local address refused'), { code: LINK_LOCAL_CODE }), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/** One POST; resolves with the status as soon as the answer's head arrives (its body is discarded). */
function send(url: URL, headers: Record<string, string>, body: string, lookup: LookupFunction): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        agent: false,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        res.destroy();
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One signed POST of a delivery (decision 058): the body as queued, a new timestamp and signature,
 * 10 s at most, redirects not followed (node:http never follows them). Link-local addresses are
 * refused, whether typed (an address stored before issue 34) or resolved by DNS. Never throws.
 */
export async function postWebhook(input: { url: string; secret: string; event: string; deliveryId: string; body: string }, resolve: Resolver = dns.lookup): Promise<PostResult> {
  const timestamp = Math.floor(nowMs() / 1000);
  const seen: AddressClass[] = [];
  let result: Omit<PostResult, 'publicAddress'>;
  try {
    const url = new URL(input.url);
    const literal = addressClass(url.hostname);
    if (literal) seen.push(literal);
    if (literal === 'linkLocal') throw Object.assign(new Error('link-local address refused'), { code: LINK_LOCAL_CODE });
    const headers = webhookHeaders({ secret: input.secret, event: input.event, deliveryId: input.deliveryId, timestamp, body: input.body });
    const status = await send(url, headers, input.body, guardedLookup(seen, resolve));
    const outcome = deliveryOutcome(status);
    if (outcome === 'delivered') result = { outcome, status, error: null, reason: null };
    else {
      const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
      result = { outcome, status, error: `HTTP ${status}${redirect}`, reason: 'status' };
    }
  } catch (error) {
    const failure = noAnswer(error);
    result = { outcome: failure.reason === 'linkLocal' ? 'permanent' : 'retry', status: null, ...failure };
  }
  return { ...result, publicAddress: seen.length > 0 && seen.every((c) => c === 'public') };
}
