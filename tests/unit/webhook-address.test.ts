import { describe, expect, it } from 'vitest';
import { addressClass } from '#domain/net/address-class.ts';
import { webhookUrlProblem } from '#domain/webhooks/webhook-url.ts';

/**
 * Issue 34, point 7: private and loopback receivers stay allowed (on-premises), link-local
 * addresses (169.254.0.0/16, fe80::/10, where cloud metadata answers) are refused at registration,
 * in every spelling the URL parser turns into one.
 */
describe('addressClass', () => {
  it.each([
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['febf::1', 'linkLocal'],
    ['[fe80::abcd]', 'linkLocal'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['2002:a9fe:a9fe::1', 'linkLocal'],
    ['fd00:ec2::254', 'linkLocal'],
    ['127.0.0.1', 'nonPublic'],
    ['10.1.2.3', 'nonPublic'],
    ['172.16.0.1', 'nonPublic'],
    ['192.168.1.10', 'nonPublic'],
    ['100.64.0.1', 'nonPublic'],
    ['0.0.0.0', 'nonPublic'],
    ['::1', 'nonPublic'],
    ['::', 'nonPublic'],
    ['fd12:3456::1', 'nonPublic'],
    ['::ffff:10.0.0.1', 'nonPublic'],
    ['8.8.8.8', 'public'],
    ['169.255.0.1', 'public'],
    ['2a00:1450:4003::1', 'public'],
    ['fec0::1', 'nonPublic'],
  ])('%s is %s', (address, expected) => {
    expect(addressClass(address)).toBe(expected);
  });

  it('a host name is no address', () => {
    expect(addressClass('example.com')).toBeUndefined();
    expect(addressClass('169.254.169.254.nip.io')).toBeUndefined();
  });
});

describe('webhookUrlProblem: link-local refused, private allowed', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.169.254:80/',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://0251.0376.0251.0376/',
    'http://169.254.43518/',
    'http://[fe80::1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00:ec2::254]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.google.internal./',
  ])('%s is refused', (url) => {
    expect(webhookUrlProblem(url)).toBe('webhooks.urlLinkLocal');
  });

  it.each(['http://127.0.0.1:8080/hook', 'http://10.0.0.5/nominas', 'http://[::1]:9000/', 'http://192.168.1.20/', 'https://hooks.example.com/jornada', 'http://localhost:3000/'])('%s is allowed', (url) => {
    expect(webhookUrlProblem(url)).toBeNull();
  });
});
