import type { Db } from '#server/db/connection.ts';
import { mailConfigured, readMailSettings } from '#server/mail/mail-settings.ts';

/** Without an SMTP server nothing is sent: the jobs stop before reading the record (most installs). */
export async function emailConfigured(db: Db): Promise<boolean> {
  return mailConfigured(await readMailSettings(db));
}
