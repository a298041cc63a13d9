import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { deliveryOutcome } from '../../src/domain/webhooks/delivery-outcome.ts';
import { knownEvents } from '../../src/domain/webhooks/webhook-events.ts';
import { CreateWebhookSchema, UpdateWebhookSchema } from '../../src/domain/webhooks/webhook-input.ts';
import { webhookUrlProblem } from '../../src/domain/webhooks/webhook-url.ts';
import { parseWebhookDelivery, parseWebhookEvents, webhookEventsJson } from '../../src/server/db/stored-formats.ts';
import { webhookHeaders, webhookSignature } from '../../src/server/services/webhooks/webhook-signature.ts';

/** Webhooks (decision 058): which addresses, what an answer means, the signature, stored formats. */
describe('webhook addresses', () => {
  it('takes http and https addresses, private and loopback hosts included (admins are trusted)', () => {
    for (const url of ['https://example.com/hook', 'http://127.0.0.1:8080/x?y=1', 'http://192.168.1.20/jornada', 'https://[::1]:9443/', 'http://localhost/h']) {
      expect(webhookUrlProblem(url), url).toBeNull();
    }
  });

  it('refuses other schemes, credentials in the address, fragments, non-addresses and very long ones', () => {
    expect(webhookUrlProblem('ftp://example.com/x')).toBe('webhooks.urlScheme');
    expect(webhookUrlProblem('file:///etc/passwd')).toBe('webhooks.urlScheme');
    expect(webhookUrlProblem('javascript:alert(1)')).toBe('webhooks.urlScheme');
    expect(webhookUrlProblem('https://user:pass@example.com/')).toBe('webhooks.urlCredentials');
    expect(webhookUrlProblem('https://user@example.com/')).toBe('webhooks.urlCredentials');
    expect(webhookUrlProblem('https://example.com/#x')).toBe('webhooks.urlFragment');
    expect(webhookUrlProblem('example.com/hook')).toBe('webhooks.urlInvalid');
    expect(webhookUrlProblem('')).toBe('webhooks.urlInvalid');
    expect(webhookUrlProblem(`https://example.com/${'a'.repeat(2000)}`)).toBe('validation.tooLong');
  });
});

describe('what a receiver answer means', () => {
  it('2xx is delivered', () => {
    for (const s of [200, 201, 202, 204, 299]) expect(deliveryOutcome(s), String(s)).toBe('delivered');
  });
  it('408, 429 and 5xx are retried', () => {
    for (const s of [408, 429, 500, 502, 503, 504]) expect(deliveryOutcome(s), String(s)).toBe('retry');
  });
  it('redirects (not followed) and other 4xx fail for good', () => {
    for (const s of [301, 302, 307, 400, 401, 403, 404, 410, 413, 422]) expect(deliveryOutcome(s), String(s)).toBe('permanent');
  });
});

describe('the signature', () => {
  // Computed apart with Python: hmac.new(b'whsec_test', b'1767225600.{"id":"evt_1"}', sha256).hexdigest()
  it('is HMAC-SHA256(secret, timestamp + "." + body) in hex, prefixed sha256=', () => {
    expect(webhookSignature('whsec_test', 1767225600, '{"id":"evt_1"}')).toBe('sha256=45b40331de0325606dc5400202ade162460fbe48daf9401adfdcd0d7b4f35470');
  });
  it('changes with the timestamp, the body and the secret', () => {
    const base = webhookSignature('whsec_test', 1767225600, '{"id":"evt_1"}');
    expect(webhookSignature('whsec_test', 1767225601, '{"id":"evt_1"}')).not.toBe(base);
    expect(webhookSignature('whsec_test', 1767225600, '{"id":"evt_2"}')).not.toBe(base);
    expect(webhookSignature('whsec_other', 1767225600, '{"id":"evt_1"}')).not.toBe(base);
  });
  it('travels with the event, the delivery id and the timestamp', () => {
    const headers = webhookHeaders({ secret: 'whsec_test', event: 'punch.recorded', deliveryId: '42', timestamp: 1767225600, body: '{"id":"evt_1"}' });
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'x-jornada-event': 'punch.recorded',
      'x-jornada-delivery': '42',
      'x-jornada-timestamp': '1767225600',
      'x-jornada-signature': 'sha256=45b40331de0325606dc5400202ade162460fbe48daf9401adfdcd0d7b4f35470',
    });
  });
});

describe('webhook input', () => {
  it('keeps the events in the table order without repeats and trims the address', () => {
    const out = v.parse(CreateWebhookSchema, { url: ' https://example.com/h ', events: ['period.approved', 'punch.recorded', 'punch.recorded'] });
    expect(out).toEqual({ url: 'https://example.com/h', events: ['punch.recorded', 'period.approved'], description: '', format: 'jornada' });
  });
  it('refuses no events, an unknown event and a bad address, naming the field', () => {
    const issues = (input: unknown) => v.safeParse(CreateWebhookSchema, input).issues?.map((i) => [v.getDotPath(i), i.message]);
    expect(issues({ url: 'https://example.com/h', events: [] })).toEqual([['events', 'webhooks.eventsRequired']]);
    expect(issues({ url: 'https://example.com/h', events: ['attendance.deleted'] })).toEqual([['events.0', 'webhooks.eventsRequired']]);
    expect(issues({ url: 'ftp://example.com/h', events: ['punch.recorded'] })).toEqual([['url', 'webhooks.urlScheme']]);
    expect(issues({ events: ['punch.recorded'] })?.[0]).toEqual(['url', 'validation.required']);
  });
  it('a change may leave every field out, but not send an array or a wrong type', () => {
    expect(v.parse(UpdateWebhookSchema, {})).toEqual({});
    expect(v.safeParse(UpdateWebhookSchema, []).success).toBe(false);
    expect(v.safeParse(UpdateWebhookSchema, { enabled: 'yes' }).success).toBe(false);
    expect(v.parse(UpdateWebhookSchema, { enabled: false })).toEqual({ enabled: false });
  });
});

describe('stored formats', () => {
  it('events: unknown names and damage read as none', () => {
    expect(parseWebhookEvents(webhookEventsJson(['punch.recorded', 'leave.decided']))).toEqual(['punch.recorded', 'leave.decided']);
    expect(parseWebhookEvents('["x","period.approved"]')).toEqual(['period.approved']);
    expect(parseWebhookEvents('{')).toEqual([]);
    expect(parseWebhookEvents('{"a":1}')).toEqual([]);
    expect(knownEvents(['leave.decided', 7, null])).toEqual(['leave.decided']);
  });
  it('a delivery keeps the exact body; damage reads as null', () => {
    const body = '{"id":"evt_1","event":"punch.recorded"}';
    expect(parseWebhookDelivery(JSON.stringify({ webhookId: 3, body }))).toEqual({ webhookId: 3, body });
    expect(parseWebhookDelivery('null')).toBeNull();
    expect(parseWebhookDelivery('{"webhookId":"3","body":"x"}')).toBeNull();
    expect(parseWebhookDelivery('nope')).toBeNull();
  });
});
