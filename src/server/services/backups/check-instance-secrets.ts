import { secretsMatchDatabase } from '#domain/backups/restore-secrets.ts';
import { nowIso } from '../../clock/now.ts';
import { instanceConfig, instanceConfigFile, secretsFingerprint } from '../../config/instance-config.ts';
import type { Db } from '../../db/connection.ts';
import { insertInstanceMetaIfAbsent, readInstanceMeta, SECRETS_FINGERPRINT } from '../../db/repositories/instance-meta.ts';
import { log } from '../../log.ts';

/**
 * At start (decision 039): compares config.json's PIN pepper with the fingerprint in the database.
 * Absent (a new database, or the first start after upgrading): the current config.json is adopted.
 * Different: every stored PIN is unusable, so the server says so loudly (log.error) and keeps
 * serving — passwords, sessions aside, still work and an administrator can set new PINs.
 * Returns the outcome for tests.
 */
export async function checkInstanceSecrets(db: Db): Promise<'match' | 'adopted' | 'mismatch'> {
  const fingerprint = secretsFingerprint(instanceConfig().pinPepper);
  const verdict = secretsMatchDatabase(await readInstanceMeta(db, SECRETS_FINGERPRINT), fingerprint);
  if (verdict === 'adopt') {
    await insertInstanceMetaIfAbsent(db, SECRETS_FINGERPRINT, fingerprint, nowIso());
    return 'adopted';
  }
  if (verdict === 'mismatch') {
    log.error(
      { file: instanceConfigFile(), event: 'secrets-mismatch' },
      `SECRETS MISMATCH: ${instanceConfigFile()} is not the config.json this database's PINs were made with, so NO EMPLOYEE PIN WILL MATCH. Stop the service and put back the config.json from the backup (or restore a complete backup), or reset the PINs with "jornada restore FILE --reset-pins" and give employees new ones.`,
    );
  }
  return verdict;
}

/** Whether config.json's PIN pepper differs from the one recorded in the database (read only). */
export async function instanceSecretsMismatch(db: Db): Promise<boolean> {
  const fingerprint = secretsFingerprint(instanceConfig().pinPepper);
  return secretsMatchDatabase(await readInstanceMeta(db, SECRETS_FINGERPRINT), fingerprint) === 'mismatch';
}
