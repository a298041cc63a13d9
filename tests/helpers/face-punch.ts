/**
 * Face punches from tests as the kiosk sends them (decision 043): with a fresh challenge of the
 * terminal, and frames that are not identical to a recent punch's.
 */

/** A nonce of POST /api/clock/challenge for the terminal whose headers are given, or undefined when refused. */
export async function clockChallenge(baseUrl: string, terminalHeaders: Record<string, string>): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}/api/clock/challenge`, { method: 'POST', headers: { accept: 'application/json', ...terminalHeaders } });
  if (res.status !== 200) return undefined;
  return ((await res.json()) as { nonce: string }).nonce;
}

let nudges = 0;

/**
 * A copy of a descriptor moved by about 0.002 along one of its last 64 components, a different
 * move on each call: the server refuses frames identical to those of the terminal's recent face
 * punches, and a test that sends the same fixture twice is not replaying. Matching distances
 * change by at most that much; components 0–63 are never moved (tests that build ties on them
 * keep them). Malformed descriptors are returned unchanged.
 */
export function freshFrame(descriptor: number[]): number[] {
  // Malformed descriptors (tests of the 422) stay as they are.
  if (descriptor.length !== 128 || descriptor.every((x) => x === 0)) return descriptor;
  const n = nudges++;
  const k = 64 + (n % 64);
  const step = 0.0015 + 0.0005 * Math.floor(n / 64);
  return descriptor.map((x, i) => (i === k ? x + step : x));
}

/** The descriptor field of a punch body with every frame made fresh (one frame or a list). */
export function freshDescriptor(descriptor: number[] | number[][]): number[] | number[][] {
  return Array.isArray(descriptor[0]) ? (descriptor as number[][]).map(freshFrame) : freshFrame(descriptor as number[]);
}
