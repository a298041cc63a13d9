/**
 * The web clock's IP restriction (spec section 5: a comma-separated list), extended with CIDR
 * ranges: "192.168.1.20, 10.0.0.0/24, 2001:db8::/32". Pure, so the settings form and the server
 * validate alike; the clock (issue 7) uses `ipAllowed`.
 */
export interface IpRule {
  text: string;
  version: 4 | 6;
  bits: bigint;
  prefix: number;
}

function parseV4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255 || (part.length > 1 && part.startsWith('0'))) return undefined;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function parseV6(text: string): bigint | undefined {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split('::').length > 2) return undefined;
  let head = text;
  let tail4: bigint | undefined;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tail4 = parseV4(text.slice(lastColon + 1));
    if (tail4 === undefined) return undefined;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [left = '', right] = head.split('::');
  const l = left ? left.split(':') : [];
  const r = right ? right.split(':') : [];
  const missing = 8 - l.length - r.length;
  if ((right === undefined && missing !== 0) || (right !== undefined && missing < 1)) return undefined;
  const groups = [...l, ...Array(right === undefined ? 0 : missing).fill('0'), ...r];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  let value = groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
  if (tail4 !== undefined) value = (value & ~0xffffffffn) | tail4;
  return value;
}

/** One address or CIDR range; undefined when it is not valid. */
export function parseIpRule(raw: string): IpRule | undefined {
  const text = raw.trim();
  const [address = '', prefixText, extra] = text.split('/');
  if (extra !== undefined || !address) return undefined;
  const v4 = parseV4(address);
  const v6 = v4 === undefined ? parseV6(address) : undefined;
  const version = v4 !== undefined ? 4 : v6 !== undefined ? 6 : undefined;
  if (!version) return undefined;
  const width = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (prefix > width) return undefined;
  return { text, version, bits: (v4 ?? v6)!, prefix };
}

/** Splits the setting into rules and the entries that are not valid. */
export function parseIpList(value: string): { rules: IpRule[]; invalid: string[] } {
  const rules: IpRule[] = [];
  const invalid: string[] = [];
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const rule = parseIpRule(entry);
    if (rule) rules.push(rule);
    else invalid.push(entry);
  }
  return { rules, invalid };
}

/** True when the address is allowed: an empty list allows every address. IPv4-mapped IPv6 counts as IPv4. */
export function ipAllowed(address: string, rules: readonly IpRule[]): boolean {
  if (rules.length === 0) return true;
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const parsed = parseIpRule(plain);
  if (!parsed) return false;
  return rules.some((rule) => {
    if (rule.version !== parsed.version) return false;
    const width = BigInt(rule.version === 4 ? 32 : 128);
    const shift = width - BigInt(rule.prefix);
    return parsed.bits >> shift === rule.bits >> shift;
  });
}
