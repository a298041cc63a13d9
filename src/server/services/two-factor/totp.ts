import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { openSecret, sealSecret } from '../../mail/secret-box.ts';

/**
 * TOTP of RFC 6238 through `otplib` (decision 090): SHA-1, six digits, 30-second steps, a 160-bit
 * secret — what every authenticator app reads. The secret is kept sealed (secret-box, purpose
 * `totp secret`), never in clear. A code is accepted one step either side of the server's clock.
 */
export const TOTP_ISSUER = 'Jornada';
const PURPOSE = 'totp secret';
const STEP_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export const sealTotpSecret = (secret: string) => sealSecret(PURPOSE, secret);
export const openTotpSecret = (sealed: string | null) => (sealed === null ? null : openSecret(PURPOSE, sealed));

/** The otpauth URL an app scans, with its QR code as SVG. */
export async function totpProvisioning(email: string, secret: string): Promise<{ otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { otpauthUrl, qrSvg };
}

/**
 * The 30-second step the code belongs to when it is right within ±1 step of `nowMs` and later than
 * `afterStep`; otherwise null. Pure: the caller records the step (see verify-totp.ts).
 */
export async function matchTotp(secret: string, code: string, nowMs: number, afterStep: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: STEP_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    // The TOTP strategy's result carries the matched step (the union type also covers HOTP).
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null; // a damaged secret or a malformed token is a wrong code, never a 500
  }
}
