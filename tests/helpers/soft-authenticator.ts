import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for tests (decision 091): one ES256 credential, 'none'
 * attestation, answers built byte by byte as a browser would send them (JSON, base64url), so the
 * server's real verification runs without a browser. `counter` is the signature counter the next
 * assertion carries (moved on by each one); tests set it to roll it back.
 */
const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftOptions {
  /** The page's origin the browser would put in clientDataJSON. */
  origin: string;
  /** User verified (fingerprint, PIN): required for a passwordless sign-in. */
  userVerified?: boolean;
  /** A synced passkey (backup eligible and backed up). */
  synced?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly id = b64(this.credentialId);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;
  userHandle: string | undefined;
  origin: string;

  constructor(private readonly options: SoftOptions) {
    const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = keys.privateKey;
    this.publicJwk = keys.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    this.origin = options.origin;
  }

  private flags(attested: boolean): number {
    let flags = 0x01; // user present
    if (this.options.userVerified !== false) flags |= 0x04;
    if (this.options.synced) flags |= 0x08 | 0x10;
    if (attested) flags |= 0x40;
    return flags;
  }

  private authData(rpID: string, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const head = Buffer.concat([sha256(rpID), Buffer.from([this.flags(attested)]), count]);
    if (!attested) return head;
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([head, Buffer.alloc(16), idLength, this.credentialId, Buffer.from(cose)]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create's answer to registration options (`rp.id`, `challenge`, `user.id`). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, overrides: { origin?: string; rpID?: string } = {}) {
    this.userHandle = options.user.id;
    const rpID = overrides.rpID ?? options.rp.id!;
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(this.authData(rpID, true))],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin)), attestationObject: b64(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get's answer to authentication options (`rpId`, `challenge`); the counter moves on by one first. */
  assert(options: { challenge: string; rpId?: string }, overrides: { origin?: string; rpID?: string; counter?: number } = {}) {
    this.counter = overrides.counter ?? this.counter + 1;
    const authenticatorData = this.authData(overrides.rpID ?? options.rpId!, false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authenticatorData), signature: b64(signature), ...(this.userHandle ? { userHandle: this.userHandle } : {}) },
      clientExtensionResults: {},
    };
  }
}
