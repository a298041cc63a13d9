import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * Replaces `file` with `text` so that a crash leaves the old file or the new one, never a part:
 * a temporary file in the same folder, created 0600 (the secrets are never readable by others,
 * not even for a moment), flushed to disk, then renamed over it.
 */
function replaceFile(file: string, text: string): void {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
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
  // A damaged file is refused with one line before this (config-file-check.ts); here it throws.
  // `null` or another falsy JSON value reads as empty, as lowdb read it.
  const data = (JSON.parse(readFileSync(file, 'utf8')) || {}) as Partial<InstanceConfig>;
  const fresh = generate();
  let changed = false;
  for (const key of Object.keys(fresh) as (keyof InstanceConfig)[]) {
    if (!data[key]) {
      data[key] = fresh[key];
      changed = true;
    }
  }
  if (changed) replaceFile(file, JSON.stringify(data, null, 2));
  chmodSync(file, 0o600);
  cached = data as InstanceConfig;
  return cached;
}

/** For tests that switch DATA_DIR inside one process. */
export function resetInstanceConfigCache(): void {
  cached = undefined;
}
