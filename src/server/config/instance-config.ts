import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LowSync } from 'lowdb';
import { JSONFileSync } from 'lowdb/node';
import { dataDir } from './data-dir.ts';
import { nowIso } from '../clock/now.ts';

/** Secrets generated once per installation and kept in `DATA_DIR/config.json` (mode 600). */
export interface InstanceConfig {
  /** iron-session password (at least 32 characters). */
  sessionPassword: string;
  /** Pepper for the HMAC that turns a PIN into its lookup key. */
  pinPepper: string;
  createdAt: string;
}

let cached: InstanceConfig | undefined;

function generate(): InstanceConfig {
  return {
    sessionPassword: randomBytes(32).toString('base64url'),
    pinPepper: randomBytes(32).toString('base64url'),
    createdAt: nowIso(),
  };
}

/** `DATA_DIR/config.json`. */
export function instanceConfigFile(): string {
  return path.join(dataDir(), 'config.json');
}

/** Label of the secrets fingerprint: HMAC(pinPepper, label) identifies the pepper without revealing it. */
const FINGERPRINT_LABEL = 'jornada secrets fingerprint v1';

/**
 * The fingerprint of an instance's PIN pepper, stored in the database (`instance_meta`, decision
 * 039) so a start or a restore can tell whether config.json is the one the PINs were made with.
 */
export function secretsFingerprint(pinPepper: string): string {
  return createHmac('sha256', pinPepper).update(FINGERPRINT_LABEL).digest('hex');
}

/** The pepper of a config.json text (a backup's or the current one); undefined when it has none or is not JSON. */
export function pinPepperOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<InstanceConfig> | null;
    return typeof parsed?.pinPepper === 'string' && parsed.pinPepper.length > 0 ? parsed.pinPepper : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the instance configuration, creating it with fresh secrets on first start. */
export function instanceConfig(): InstanceConfig {
  if (cached) return cached;
  const file = instanceConfigFile();
  if (!existsSync(file)) {
    // Create with restrictive permissions before any secret is written into it.
    writeFileSync(file, '{}', { mode: 0o600 });
  }
  const db = new LowSync<Partial<InstanceConfig>>(new JSONFileSync(file), {});
  db.read();
  const fresh = generate();
  let changed = false;
  for (const key of Object.keys(fresh) as (keyof InstanceConfig)[]) {
    if (!db.data[key]) {
      db.data[key] = fresh[key];
      changed = true;
    }
  }
  if (changed) db.write();
  chmodSync(file, 0o600);
  cached = db.data as InstanceConfig;
  return cached;
}

/** For tests that switch DATA_DIR inside one process. */
export function resetInstanceConfigCache(): void {
  cached = undefined;
}

