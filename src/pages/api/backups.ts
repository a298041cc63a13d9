import { getDb } from '../../server/db/connection.ts';
import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { answer } from '../../server/http/answer.ts';
import { translate } from '../../i18n/translate.ts';
import { backupNow, backupOverview } from '../../server/services/backups/backup-now.ts';

/** GET the backup status (setting.read); POST makes a backup now (setting.update). */
export const GET = endpoint(async () => answer('GET /api/backups', { data: await backupOverview(await getDb()) }));

export const POST = endpoint(async (context) => {
  const data = await backupNow(await getDb(), requireUser(context).id);
  return answer('POST /api/backups', { data, message: translate(context.locals.lang, 'backups.done') });
});
