import type { RetentionCandidate } from '#domain/retention/retention-rules.ts';
import type { Db } from '../connection.ts';
import { employeeEmailColumn } from '../stored-formats.ts';

/**
 * The retention purge's SQL (decision 083). People who left (an end date) and are not purged yet,
 * with the latest date they are on the record (attendance or leave), for `dueForPurge`.
 */
export async function retentionCandidates(db: Db): Promise<RetentionCandidate[]> {
  return db
    .selectFrom('employees as e')
    .select((eb) => [
      'e.id as employeeId',
      'e.companyId',
      'e.endDate',
      'e.purgedAt',
      eb
        .selectFrom('attendances as a')
        .select((a) => a.fn.max('a.date').as('d'))
        .whereRef('a.employeeId', '=', 'e.id')
        .as('lastAttendance'),
      eb
        .selectFrom('leaves as l')
        .select((l) => l.fn.max('l.toDate').as('d'))
        .whereRef('l.employeeId', '=', 'e.id')
        .as('lastLeave'),
    ])
    .where('e.endDate', 'is not', null)
    .where('e.purgedAt', 'is', null)
    .execute()
    .then((rows) =>
      rows.map(({ lastAttendance, lastLeave, ...r }) => {
        const dates = [lastAttendance, lastLeave].filter((d): d is string => typeof d === 'string');
        return { ...r, lastRecordDate: dates.length ? dates.sort().at(-1)! : null };
      }),
    );
}

/** What one person's purge removed (the audit entry and the log line say these counts). */
export interface PurgeCounts {
  faceDescriptors: number;
  punchPhotos: number;
  punchPositions: number;
  texts: number;
  accounts: number;
  sessions: number;
}

const n = (r: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0n);

/**
 * Removes one person's personal data in the caller's transaction, keeping every figure and chained
 * row: identity columns become a neutral label; photos, face data, punch photos and positions,
 * invitations go; the free texts about them are cleared (a chained text only
 * where its digest stands for it: from migration 0050 on); their accounts are emptied and disabled
 * (not deleted: chained rows and audit entries name them by id) and their sessions, API tokens and
 * queued emails deleted. Returns the counts and the punch photo files to delete after commit.
 */
export async function purgePersonalData(db: Db, employeeId: number, label: { firstName: string; lastName: string }, at: string): Promise<{ counts: PurgeCounts; punchPhotoFiles: string[] }> {
  const attendanceIds = db.selectFrom('attendances').select('id').where('employeeId', '=', employeeId);
  const punchIds = db.selectFrom('punches').select('id').where('employeeId', '=', employeeId);
  const photos = await db.selectFrom('punchPhotos').select('file').where('employeeId', '=', employeeId).execute();
  const counts: PurgeCounts = { faceDescriptors: 0, punchPhotos: photos.length, punchPositions: 0, texts: 0, accounts: 0, sessions: 0 };
  await db.deleteFrom('punchPhotos').where('employeeId', '=', employeeId).execute();
  counts.faceDescriptors = n(await db.deleteFrom('faceDescriptors').where('employeeId', '=', employeeId).executeTakeFirst());
  counts.punchPositions = n(await db.deleteFrom('punchPositions').where('punchId', 'in', punchIds).executeTakeFirst());
  await db.deleteFrom('invitations').where('employeeId', '=', employeeId).execute();
  // Free texts. Chained ones only where a digest stands for them (decision 083); the triggers allow exactly this.
  counts.texts += n(
    await db.updateTable('attendanceRevisions').set({ reason: null, reasonSalt: null }).where('attendanceId', 'in', attendanceIds).where('reasonDigest', 'is not', null).where('reason', 'is not', null).executeTakeFirst(),
  );
  counts.texts += n(
    await db
      .updateTable('attendances')
      .set({ voidReason: null, voidReasonSalt: null, reason: null })
      .where('employeeId', '=', employeeId)
      .where('voidReasonDigest', 'is not', null)
      .where('voidReason', 'is not', null)
      .executeTakeFirst(),
  );
  counts.texts += n(await db.updateTable('attendances').set({ reason: null }).where('employeeId', '=', employeeId).where('voidedAt', 'is', null).where('reason', 'is not', null).executeTakeFirst());
  counts.texts += n(
    await db
      .updateTable('periodApprovals')
      .set({ reopenReason: null, reopenReasonSalt: null })
      .where('employeeId', '=', employeeId)
      .where('reopenReasonDigest', 'is not', null)
      .where('reopenReason', 'is not', null)
      .executeTakeFirst(),
  );
  counts.texts += n(await db.updateTable('attendanceCorrectionRequests').set({ reason: '', comment: null }).where('employeeId', '=', employeeId).executeTakeFirst());
  // An answer's comment is chained by digest from migration 0051 on (every comment has one): comment and salt go, the digest stays.
  counts.texts += n(
    await db
      .updateTable('attendanceCorrectionAcceptances')
      .set({ comment: null, commentSalt: null })
      .where('employeeId', '=', employeeId)
      .where('commentDigest', 'is not', null)
      .where('comment', 'is not', null)
      .executeTakeFirst(),
  );
  counts.texts += n(await db.updateTable('leaves').set({ reason: '', comment: null }).where('employeeId', '=', employeeId).executeTakeFirst());
  counts.texts += n(await db.updateTable('clockConflicts').set({ resolutionNote: null }).where('employeeId', '=', employeeId).where('resolutionNote', 'is not', null).executeTakeFirst());
  // Their accounts: emptied, disabled, every session and token gone, and every sign-in factor and
  // browser they used (decision 093): TOTP secret, recovery codes, passkeys, SSO links, devices.
  const users = db.selectFrom('users').select('id').where('employeeId', '=', employeeId);
  counts.sessions = n(await db.deleteFrom('sessions').where('userId', 'in', users).executeTakeFirst());
  await db.deleteFrom('apiTokens').where('userId', 'in', users).execute();
  await db.deleteFrom('passwordResets').where('userId', 'in', users).execute();
  await db.deleteFrom('notificationMutes').where('userId', 'in', users).execute();
  await db.deleteFrom('recoveryCodes').where('userId', 'in', users).execute();
  await db.deleteFrom('passkeys').where('userId', 'in', users).execute();
  await db.deleteFrom('userIdentities').where('userId', 'in', users).execute();
  await db.deleteFrom('userDevices').where('userId', 'in', users).execute();
  await db.deleteFrom('authChallenges').where('userId', 'in', users).execute();
  const accounts = await db.selectFrom('users').select(['id', 'sessionVersion']).where('employeeId', '=', employeeId).execute();
  for (const u of accounts)
    await db
      .updateTable('users')
      .set({
        name: `${label.firstName} ${label.lastName}`,
        email: `purged-user-${u.id}@invalid`,
        passwordHash: '!',
        status: 'disabled',
        image: null,
        totpSecretSealed: null,
        totpEnabledAt: null,
        totpLastStep: null,
        sessionVersion: u.sessionVersion + 1,
        updatedAt: at,
      })
      .where('id', '=', u.id)
      .execute();
  counts.accounts = accounts.length;
  await db
    .updateTable('employees')
    .set({
      ...label,
      gender: '',
      civilStatus: null,
      height: null,
      weight: null,
      email: employeeEmailColumn(null),
      phone: null,
      birthday: null,
      nationalId: '',
      placeOfBirth: null,
      address: null,
      image: null,
      companyEmail: null,
      pinKey: `purged-${employeeId}`,
      rfidCard: null,
      biometricConsentAt: null,
      biometricConsentBy: null,
      socialSecurityNumber: null,
      status: 'archived',
      purgedAt: at,
      updatedAt: at,
    })
    .where('id', '=', employeeId)
    .execute();
  return { counts, punchPhotoFiles: photos.map((p) => p.file) };
}

/** When the migration `name` was applied to this database (schema_migrations), or undefined. */
export async function migrationAppliedAt(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('schemaMigrations').select('appliedAt').where('name', '=', name).executeTakeFirst();
  return row?.appliedAt;
}
