import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from '../../src/domain/net/client-address.ts';
import { parseIpList } from '../../src/domain/net/ip-list.ts';

const proxies = parseIpList('127.0.0.1, 10.0.0.0/24').rules;

describe('resolveClientAddress', () => {
  it('ignores forwarded headers when no proxy is trusted', () => {
    expect(resolveClientAddress('192.168.1.50', '10.9.9.9', [])).toBe('192.168.1.50');
  });

  it('ignores forwarded headers from a connection that is not a trusted proxy (a client cannot name itself)', () => {
    expect(resolveClientAddress('192.168.1.50', '10.0.0.7', proxies)).toBe('192.168.1.50');
  });

  it('takes the nearest untrusted address from the right behind trusted proxies', () => {
    expect(resolveClientAddress('127.0.0.1', '192.168.1.20', proxies)).toBe('192.168.1.20');
    // The client wrote "1.1.1.1" itself; the proxy appended what it saw.
    expect(resolveClientAddress('127.0.0.1', '1.1.1.1, 192.168.1.20', proxies)).toBe('192.168.1.20');
    // Two proxies in a row.
    expect(resolveClientAddress('127.0.0.1', '1.1.1.1, 192.168.1.20, 10.0.0.5', proxies)).toBe('192.168.1.20');
    expect(resolveClientAddress('::ffff:127.0.0.1', '192.168.1.20', proxies)).toBe('192.168.1.20');
  });

  it('strips ports and brackets; all-trusted chains give the leftmost; no header gives the peer', () => {
    expect(resolveClientAddress('127.0.0.1', '192.168.1.20:5123', proxies)).toBe('192.168.1.20');
    expect(resolveClientAddress('127.0.0.1', '[2001:db8::1]:443', proxies)).toBe('2001:db8::1');
    expect(resolveClientAddress('127.0.0.1', '10.0.0.9, 10.0.0.5', proxies)).toBe('10.0.0.9');
    expect(resolveClientAddress('127.0.0.1', null, proxies)).toBe('127.0.0.1');
    expect(resolveClientAddress('127.0.0.1', '', proxies)).toBe('127.0.0.1');
  });

  it('answers "unknown" for garbage where the client should be', () => {
    expect(resolveClientAddress('127.0.0.1', 'evil, <script>', proxies)).toBe('unknown');
  });
});
