import { parseIpRule, type IpRule } from './ip-list.ts';

/**
 * What kind of network an IP address is on, for webhook deliveries (issue 34, point 7):
 * - `linkLocal`: 169.254.0.0/16 and fe80::/10, where cloud metadata services answer
 *   (169.254.169.254; also AWS's fd00:ec2::254), never a webhook receiver: refused;
 * - `nonPublic`: loopback, private, shared (CGNAT), unique-local, unspecified, multicast,
 *   reserved and documentation ranges: allowed (on-premises receivers), but a test answers only
 *   "delivered" or "not delivered", so the button cannot map the internal network;
 * - `public`: anything else.
 * IPv6 forms that carry an IPv4 address (mapped ::ffff:0:0/96, compatible ::/96, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address. Pure (shared with the form).
 */
export type AddressClass = 'linkLocal' | 'nonPublic' | 'public';

const rules = (list: string[]) => list.map((text) => parseIpRule(text)!);
const V4_LINK_LOCAL = rules(['169.254.0.0/16']);
const V4_NON_PUBLIC = rules([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
]);
const V6_LINK_LOCAL = rules(['fe80::/10', 'fd00:ec2::254/128']);
const V6_NON_PUBLIC = rules(['::/128', '::1/128', 'fc00::/7', 'fec0::/10', 'ff00::/8', '2001:db8::/32', '100::/64']);

function inAny(bits: bigint, width: 32 | 128, list: readonly IpRule[]): boolean {
  return list.some((rule) => {
    const shift = BigInt(width - rule.prefix);
    return bits >> shift === rule.bits >> shift;
  });
}

function classOfV4(bits: bigint): AddressClass {
  if (inAny(bits, 32, V4_LINK_LOCAL)) return 'linkLocal';
  return inAny(bits, 32, V4_NON_PUBLIC) ? 'nonPublic' : 'public';
}

/** The IPv4 address an IPv6 address carries, if it is one of the forms that do. */
function embeddedV4(bits: bigint): bigint | undefined {
  const top96 = bits >> 32n;
  if (top96 === 0xffffn || (top96 === 0n && bits > 1n) || top96 === 0x0064ff9b0000000000000000n) return bits & 0xffffffffn;
  if (bits >> 112n === 0x2002n) return (bits >> 80n) & 0xffffffffn;
  return undefined;
}

/** The class of an IP address (IPv6 with or without brackets), or undefined when it is not one. */
export function addressClass(address: string): AddressClass | undefined {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (text.includes('/') || text.includes('%')) return text.toLowerCase().startsWith('fe80') ? 'linkLocal' : undefined;
  const rule = parseIpRule(text);
  if (!rule) return undefined;
  if (rule.version === 4) return classOfV4(rule.bits);
  const v4 = embeddedV4(rule.bits);
  if (v4 !== undefined) return classOfV4(v4);
  if (inAny(rule.bits, 128, V6_LINK_LOCAL)) return 'linkLocal';
  return inAny(rule.bits, 128, V6_NON_PUBLIC) ? 'nonPublic' : 'public';
}

/** Host names of cloud metadata services, refused like their link-local addresses. */
export const METADATA_HOST_NAMES: ReadonlySet<string> = new Set(['metadata.google.internal', 'metadata.goog', 'instance-data.ec2.internal']);
