import { describe, expect, it } from 'vitest';
import { ipAllowed, parseIpList, parseIpRule } from '../../src/domain/net/ip-list.ts';

describe('IP restriction list', () => {
  it('accepts addresses and CIDR ranges of both families', () => {
    const { rules, invalid } = parseIpList(' 192.168.1.20, 10.0.0.0/24 ,2001:db8::/32, ::1, ::ffff:10.1.2.3 ');
    expect(invalid).toEqual([]);
    expect(rules.map((r) => r.text)).toEqual(['192.168.1.20', '10.0.0.0/24', '2001:db8::/32', '::1', '::ffff:10.1.2.3']);
  });

  it('names the entries that are not valid', () => {
    expect(parseIpList('300.1.1.1, 10.0.0.1/33, abc, 01.2.3.4, 1.2.3, 10.0.0.0/8/1, 2001:db8:::1, fe80::1/129').invalid).toEqual([
      '300.1.1.1',
      '10.0.0.1/33',
      'abc',
      '01.2.3.4',
      '1.2.3',
      '10.0.0.0/8/1',
      '2001:db8:::1',
      'fe80::1/129',
    ]);
    expect(parseIpList('').rules).toEqual([]);
  });

  it('matches addresses against the rules; an empty list allows everyone', () => {
    const { rules } = parseIpList('192.168.1.20, 10.0.0.0/24, 2001:db8::/32');
    expect(ipAllowed('192.168.1.20', rules)).toBe(true);
    expect(ipAllowed('192.168.1.21', rules)).toBe(false);
    expect(ipAllowed('10.0.0.255', rules)).toBe(true);
    expect(ipAllowed('10.0.1.0', rules)).toBe(false);
    expect(ipAllowed('::ffff:10.0.0.7', rules)).toBe(true);
    expect(ipAllowed('2001:db8:ffff::1', rules)).toBe(true);
    expect(ipAllowed('2001:db9::1', rules)).toBe(false);
    expect(ipAllowed('not-an-ip', rules)).toBe(false);
    expect(ipAllowed('8.8.8.8', [])).toBe(true);
    expect(parseIpRule('0.0.0.0/0')!.prefix).toBe(0);
    expect(ipAllowed('8.8.8.8', parseIpList('0.0.0.0/0').rules)).toBe(true);
  });
});
