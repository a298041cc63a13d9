import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findWebhookForDelivery } from '../../db/repositories/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { companyWebhook } from './company-webhook.ts';
import { openWebhookSecret } from './webhook-secret.ts';

/**
 * The signing secret of a webhook, for an administrator with setting.update who sets up the
 * receiver (decision 058: the server keeps it to sign, so showing it again adds no exposure the
 * role does not already have). Each reveal is audited. 409 when it cannot be opened (a database
 * restored under other instance secrets).
 */
export async function revealWebhookSecret(db: Db, user: SessionUser, id: number): Promise<string> {
  await companyWebhook(db, user, id);
  const row = (await findWebhookForDelivery(db, id))!;
  const secret = openWebhookSecret(row.secret);
  if (secret === null) throw new AppError('webhooks.secretUnreadable', 409);
  await appendAudit(db, { userId: user.id, entity: 'webhook', entityId: id, action: 'revealSecret', at: nowIso() });
  return secret;
}
