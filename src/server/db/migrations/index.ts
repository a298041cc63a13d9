import type { Kysely } from 'kysely';
import * as m0001 from './0001-initial-schema.ts';
import * as m0002 from './0002-feedback.ts';
import * as m0003 from './0003-attendance-revisions.ts';
import * as m0004 from './0004-punch-photos.ts';
import * as m0005 from './0005-holidays.ts';
import * as m0006 from './0006-user-guide.ts';
import * as m0007 from './0007-pin-lookup-index.ts';
import * as m0008 from './0008-sessions.ts';
import * as m0009 from './0009-attendance-work-flag.ts';
import * as m0010 from './0010-record-chain.ts';
import * as m0011 from './0011-correction-requests.ts';
import * as m0012 from './0012-record-content.ts';
import * as m0013 from './0013-legal-access.ts';
import * as m0014 from './0014-instance-meta.ts';
import * as m0015 from './0015-health-probe.ts';
import * as m0016 from './0016-terminals.ts';
import * as m0017 from './0017-offline-punches.ts';
import * as m0018 from './0018-hours-balance.ts';
import * as m0020 from './0020-period-approvals.ts';
import * as m0021 from './0021-leave-accrual.ts';
import * as m0022 from './0022-outbox.ts';
import * as m0024 from './0024-closed-automatically.ts';
import * as m0025 from './0025-api-tokens.ts';
import * as m0026 from './0026-webhooks.ts';
import * as m0027 from './0027-shared-state.ts';
import * as m0028 from './0028-chain-figure-rows.ts';
import * as m0030 from './0030-payroll-identity.ts';
import * as m0031 from './0031-approval-snapshots.ts';
import * as m0032 from './0032-break-rules-history.ts';
import * as m0033 from './0033-figure-rules-history.ts';
import * as m0034 from './0034-contract-terms-history.ts';
import * as m0035 from './0035-accounts-belong-to-a-company.ts';
import * as m0036 from './0036-leave-requested-by.ts';
import * as m0037 from './0037-invitations-and-password-resets.ts';
import * as m0038 from './0038-personal-clock.ts';
import * as m0039 from './0039-proof-of-place.ts';
import * as m0040 from './0040-door-code.ts';
import * as m0041 from './0041-worker-overtime-choice.ts';
import * as m0042 from './0042-personal-offline-punches.ts';
import * as m0046 from './0046-receipt-changes.ts';
import * as m0047 from './0047-time-apart.ts';
import * as m0048 from './0048-complementary-hours.ts';
import * as m0050 from './0050-retention-and-legal-hold.ts';
import * as m0051 from './0051-chained-answers.ts';
import * as m0052 from './0052-roster.ts';
import * as m0053 from './0053-sign-in-factors.ts';
import * as m0055 from './0055-delivery-lanes.ts';
import * as m0056 from './0056-audit-api-token.ts';
import * as m0057 from './0057-webhook-formats.ts';

export interface Migration {
  up(db: Kysely<any>): Promise<void>;
}

/**
 * Every migration, in order, bundled with the build (no files are read at run time).
 * Append only: never edit or reorder a migration that has shipped.
 */
export const migrations: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['0001-initial-schema', m0001],
  ['0002-feedback', m0002],
  ['0003-attendance-revisions', m0003],
  ['0004-punch-photos', m0004],
  ['0005-holidays', m0005],
  ['0006-user-guide', m0006],
  ['0007-pin-lookup-index', m0007],
  ['0008-sessions', m0008],
  ['0009-attendance-work-flag', m0009],
  ['0010-record-chain', m0010],
  ['0011-correction-requests', m0011],
  ['0012-record-content', m0012],
  ['0013-legal-access', m0013],
  ['0014-instance-meta', m0014],
  ['0015-health-probe', m0015],
  ['0016-terminals', m0016],
  ['0017-offline-punches', m0017],
  ['0018-hours-balance', m0018],
  ['0020-period-approvals', m0020],
  ['0021-leave-accrual', m0021],
  ['0022-outbox', m0022],
  ['0024-closed-automatically', m0024],
  ['0025-api-tokens', m0025],
  ['0026-webhooks', m0026],
  ['0027-shared-state', m0027],
  ['0028-chain-figure-rows', m0028],
  ['0030-payroll-identity', m0030],
  ['0031-approval-snapshots', m0031],
  ['0032-break-rules-history', m0032],
  ['0033-figure-rules-history', m0033],
  ['0034-contract-terms-history', m0034],
  ['0035-accounts-belong-to-a-company', m0035],
  ['0036-leave-requested-by', m0036],
  ['0037-invitations-and-password-resets', m0037],
  ['0038-personal-clock', m0038],
  ['0039-proof-of-place', m0039],
  ['0040-door-code', m0040],
  ['0041-worker-overtime-choice', m0041],
  ['0042-personal-offline-punches', m0042],
  ['0046-receipt-changes', m0046],
  ['0047-time-apart', m0047],
  ['0048-complementary-hours', m0048],
  ['0050-retention-and-legal-hold', m0050],
  ['0051-chained-answers', m0051],
  ['0052-roster', m0052],
  ['0053-sign-in-factors', m0053],
  ['0055-delivery-lanes', m0055],
  ['0056-audit-api-token', m0056],
  ['0057-webhook-formats', m0057],
];
