/**
 * Whether a restored database's PINs will match the instance secrets in force after the restore
 * (decision 039). A PIN is stored as HMAC(pinPepper, PIN), so the database only works with the
 * pepper its PINs were made with; the database records that pepper's fingerprint
 * (`instance_meta.secrets_fingerprint`, migration 0014).
 */
export interface RestoreSecretsFacts {
  /** The backup carries config.json (a complete backup); false for a database-only file. */
  backupHasSecrets: boolean;
  /** The fingerprint recorded in the backup's database; null when it has none (made before 0014). */
  databaseFingerprint: string | null;
  /** Fingerprint of the secrets in force after the restore; null when none will exist (a new pepper is generated at start). */
  secretsFingerprint: string | null;
  /** The backup's database has at least one employee with a PIN. */
  hasPins: boolean;
  /**
   * Only for a database-only backup without a fingerprint: it comes from the same instance as the
   * current database (same first company, created at the same instant) and the current config.json
   * matches the current database's fingerprint.
   */
  sameInstance: boolean;
  /** `restore --reset-pins`. */
  resetPins: boolean;
}

export type RestoreSecretsVerdict = { ok: true; resetPins: boolean; reason: 'no-pins' | 'match' | 'reset' } | { ok: false; reason: 'mismatch' | 'unknown' };

export function restoreSecretsVerdict(f: RestoreSecretsFacts): RestoreSecretsVerdict {
  let match: boolean | 'unknown';
  if (f.databaseFingerprint !== null) match = f.secretsFingerprint !== null && f.databaseFingerprint === f.secretsFingerprint;
  // A complete backup made before its database had a fingerprint: its config.json is the one its server ran with.
  else if (f.backupHasSecrets) match = true;
  else match = f.secretsFingerprint !== null && f.sameInstance ? true : 'unknown';
  if (f.resetPins) return { ok: true, resetPins: true, reason: 'reset' };
  if (!f.hasPins) return { ok: true, resetPins: false, reason: 'no-pins' };
  if (match === true) return { ok: true, resetPins: false, reason: 'match' };
  return { ok: false, reason: match === 'unknown' ? 'unknown' : 'mismatch' };
}

/** Whether the secrets in config.json are those the database's PINs were made with (start-up check). */
export function secretsMatchDatabase(databaseFingerprint: string | null, configFingerprint: string): 'match' | 'adopt' | 'mismatch' {
  if (databaseFingerprint === null) return 'adopt';
  return databaseFingerprint === configFingerprint ? 'match' : 'mismatch';
}
