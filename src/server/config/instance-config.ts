import { randomBytes } from 'node:crypto';
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

/** Reads the instance configuration, creating it with fresh secrets on first start. */
export function instanceConfig(): InstanceConfig {
  if (cached) return cached;
  const file = path.join(dataDir(), 'config.json');
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

