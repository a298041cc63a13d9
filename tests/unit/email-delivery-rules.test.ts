import { describe, expect, it } from 'vitest';
import { mayDiscard, mayRetry, parseOutboxQuery, TAB_STATUSES, tabOrder } from '../../src/domain/notifications/outbox-view.ts';
import { smtpFailure } from '../../src/domain/notifications/smtp-failure.ts';
import { TestEmailInput } from '../../src/domain/notifications/test-email.ts';
import * as v from 'valibot';

/** Decision 054: how an SMTP failure reads, the test address, what the outbox screen may do. */

describe('an SMTP failure in plain words', () => {
  // The errors below are what nodemailer 10 threw against smtp-server on localhost (probe, 2026-11-24).
  it.each([
    [{ code: 'ESOCKET', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 'refused'],
    [{ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, message: 'Invalid login: 535 Invalid username or password' }, 'auth'],
    [{ code: 'ESOCKET', command: 'CONN', message: '405DD168B87F0000:error:0A00010B:SSL routines:tls_validate_record_header:wrong version number:../deps/openssl/openssl/ssl/record/methods/tlsany_meth.c:77:\n' }, 'tls'],
    [{ code: 'ESOCKET', command: 'CONN', message: 'certificate has expired' }, 'certificate'],
    [{ code: 'ESOCKET', message: 'self-signed certificate' }, 'certificate'],
    [{ code: 'EDNS', command: 'CONN', message: 'getaddrinfo ENOTFOUND no-such-host.invalid' }, 'notFound'],
    [{ code: 'ETIMEDOUT', command: 'CONN', message: 'Connection timeout' }, 'timeout'],
    [{ code: 'EENVELOPE', command: 'RCPT TO', message: "Can't send mail - all recipients were rejected: 550 No such user" }, 'rejected'],
    [{ code: 'EPROTOCOL', message: 'Invalid greeting' }, 'other'],
    [new Error('something odd'), 'other'],
    ['a string', 'other'],
  ])('%j -> %s', (error, kind) => {
    const failure = smtpFailure(error);
    expect(failure.kind).toBe(kind);
    expect(failure.key).toBe(`emailSettings.failure.${kind}`);
  });

  it("keeps the server's words, without OpenSSL's error id and source path, at most 300 characters", () => {
    expect(smtpFailure({ code: 'ESOCKET', message: '405DD168B87F0000:error:0A00010B:SSL routines:tls_validate_record_header:wrong version number:../deps/openssl/x.c:77:\n' }).detail).toBe('wrong version number');
    expect(smtpFailure({ code: 'EAUTH', message: 'Invalid login: 535 Invalid username or password' }).detail).toBe('Invalid login: 535 Invalid username or password');
    expect(smtpFailure({ message: 'x'.repeat(1000) }).detail).toHaveLength(300);
  });
});

describe('the test message address', () => {
  it('takes one address, trimmed; refuses empty, malformed and overlong ones', () => {
    expect(v.parse(TestEmailInput, { to: ' ana@example.com ' })).toEqual({ to: 'ana@example.com' });
    for (const to of ['', '   ', 'ana', 'ana@', 'a b@example.com', `${'a'.repeat(250)}@example.com`, 42, null]) {
      expect(v.safeParse(TestEmailInput, { to }).success, JSON.stringify(to)).toBe(false);
    }
  });
});

describe('the outbox screen', () => {
  it('reads its tab from the URL; an unknown one is the waiting tab (a list URL never fails)', () => {
    expect(parseOutboxQuery(new URLSearchParams('status=failed'))).toEqual({ tab: 'failed', page: 1, pageSize: 50 });
    expect(parseOutboxQuery(new URLSearchParams('status=bogus&page=-3&pageSize=100000'))).toEqual({ tab: 'waiting', page: 1, pageSize: 100 });
    expect(parseOutboxQuery(new URLSearchParams('page=2.7&pageSize=abc')).page).toBe(2);
    expect(TAB_STATUSES.waiting).toEqual(['pending', 'sending']);
    expect(tabOrder('waiting')).toBe('oldest');
    expect(tabOrder('sent')).toBe('newest');
  });

  it('retries only failed messages and discards only those not being or already sent', () => {
    expect(['pending', 'sending', 'sent', 'failed', 'discarded'].filter((s) => mayRetry(s as never))).toEqual(['failed']);
    expect(['pending', 'sending', 'sent', 'failed', 'discarded'].filter((s) => mayDiscard(s as never))).toEqual(['pending', 'failed']);
  });
});
