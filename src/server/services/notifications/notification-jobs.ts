import { getDb } from '../../db/connection.ts';
import { registerMinuteJob } from '../../jobs/minute-jobs.ts';
import { notifySilentTerminals } from './notify-silent-terminals.ts';

/** The event part's minute jobs (decision 055): the silent-terminal watch. Called once at boot. */
export function registerNotificationJobs(): void {
  registerMinuteJob('notify-silent-terminals', async () => notifySilentTerminals(await getDb()));
}
