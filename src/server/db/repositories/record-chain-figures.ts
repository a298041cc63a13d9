import { committedCommentDigest, committedDigest } from '#domain/record-chain/chained-text.ts';
import { sha256Hex } from '../chain-hash.ts';
import { figurePayload, type CurrentRecord, type FigureKind } from '#domain/record-chain/record-chain.ts';
import type { Db } from '../connection.ts';
import { latestSnapshotDigests } from './approval-snapshots.ts';

/**
 * The rows a month's figures are read from, as the record chain records them (decision 033,
 * update of issue 33): each row's FIGURE_COLUMNS with the company whose chain holds it. One reader
 * for both sides: the writers chain what this reads back after their write, and `verify` compares
 * what it reads now. `ids` narrows it to those rows (a write); without it, every row (verify).
 */
export async function figureRecords(db: Db, kind: FigureKind, ids?: readonly number[]): Promise<CurrentRecord[]> {
  if (ids && ids.length === 0) return [];
  // Every row (verify) is read in one query and never spread into a call: a year of 500 people is
  // 180,000 attendances, past what `push(...rows)` may pass as arguments.
  let rows: Row[] = [];
  if (!ids) rows = await figureQuery(db, kind);
  // A bulk write (the demo data) may name thousands: 500 bound ids per read.
  else for (let i = 0; i < ids.length; i += 500) rows = rows.concat(await figureQuery(db, kind, ids.slice(i, i + 500)));
  return rows.map((row) => ({ kind, refId: row.id, companyId: row.companyId, payload: figurePayload(kind, row as never) }));
}

type Row = { id: number; companyId: number } & Record<string, unknown>;

async function figureQuery(db: Db, kind: FigureKind, ids?: readonly number[]): Promise<Row[]> {
  const some = <Q extends { where: (...args: never[]) => Q }>(q: Q, column: string): Q => (ids ? (q.where as (c: string, op: string, v: unknown) => Q)(column, 'in', [...ids]) : q);
  switch (kind) {
    case 'attendance':
      return some(
        db
          .selectFrom('attendances as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select([
            'e.companyId',
            't.id',
            't.employeeId',
            't.date',
            't.timezone',
            't.timeIn',
            't.timeOut',
            't.workedSeconds',
            't.breakSeconds',
            't.statusIn',
            't.lateSeconds',
            't.earlyDepartureSeconds',
            't.source',
            't.workFlag',
            't.workMode',
            't.overtimeCompensation',
            't.overtimeForceMajeure',
            't.revision',
            't.voidedAt',
            't.closedAutomatically',
          ]),
        't.id',
      ).execute();
    case 'break':
      return some(
        db
          .selectFrom('attendanceBreaks as t')
          .innerJoin('attendances as a', 'a.id', 't.attendanceId')
          .innerJoin('employees as e', 'e.id', 'a.employeeId')
          .select(['e.companyId', 't.id', 't.attendanceId', 't.startAt', 't.endAt']),
        't.id',
      ).execute();
    case 'leave':
      return some(
        db
          .selectFrom('leaves as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select(['e.companyId', 't.id', 't.employeeId', 't.leaveTypeId', 't.fromDate', 't.toDate', 't.returnDate', 't.status', 't.decidedBy', 't.decidedAt']),
        't.id',
      ).execute();
    case 'holiday':
      return some(db.selectFrom('holidays as t').select(['t.companyId', 't.id', 't.date', 't.name']), 't.id').execute();
    case 'schedule':
      return some(
        db
          .selectFrom('schedules as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select(['e.companyId', 't.id', 't.employeeId', 't.startTime', 't.offTime', 't.totalHours', 't.restDays', 't.fromDate', 't.toDate', 't.status']),
        't.id',
      ).execute();
    case 'rules': {
      // Installation-wide rows (decision 050): chained in the first company's chain.
      const first = await db
        .selectFrom('companies')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirst();
      if (first?.id == null) return [];
      const rows = await some(db.selectFrom('breakRulesHistory as t').select(['t.id', 't.effectiveFrom', 't.rules', 't.createdAt', 't.authorId']), 't.id').execute();
      return rows.map((r) => ({ ...r, companyId: Number(first.id) }));
    }
    case 'contract':
      // An employee's dated contract terms (issue 33 point 1): in the employee's company's chain.
      return some(
        db
          .selectFrom('contractTermsHistory as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select(['e.companyId', 't.id', 't.employeeId', 't.effectiveFrom', 't.workingDayType', 't.partTimePercent', 't.createdAt', 't.authorId']),
        't.id',
      ).execute();
    case 'standby':
      // Issue 38 point 1: the note is not chained (as an attendance's free-text reason).
      return some(
        db
          .selectFrom('standbyPeriods as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select(['e.companyId', 't.id', 't.employeeId', 't.kind', 't.startAt', 't.endAt', 't.date', 't.timezone', 't.calledInSeconds', 't.source', 't.authorId', 't.createdAt']),
        't.id',
      ).execute();
    case 'interruption':
      return some(
        db
          .selectFrom('disconnectionInterruptions as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select(['e.companyId', 't.id', 't.employeeId', 't.at', 't.date', 't.timezone', 't.channel', 't.durationSeconds', 't.workDone', 't.source', 't.authorId', 't.createdAt']),
        't.id',
      ).execute();
    case 'answer': {
      // The worker's answer to a correction (migration 0051): its comment as its digest, never as text (decision 083).
      const rows = await some(
        db
          .selectFrom('attendanceCorrectionAcceptances as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select([
            'e.companyId',
            't.id',
            't.attendanceId',
            't.revision',
            't.employeeId',
            't.status',
            't.dueAt',
            't.answeredBy',
            't.answeredAt',
            't.createdAt',
            't.comment',
            't.commentSalt',
            't.commentDigest',
            'e.purgedAt',
          ]),
        't.id',
      ).execute();
      return rows.map(({ comment, commentSalt, commentDigest, purgedAt, ...r }) => ({
        ...r,
        commentDigest: committedCommentDigest(sha256Hex, { text: comment, salt: commentSalt, digest: commentDigest }, purgedAt !== null),
      }));
    }
    case 'pact':
      // An employee's pact of complementary hours (decision 081): in the employee's company's chain.
      return some(
        db
          .selectFrom('complementaryPacts as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select(['e.companyId', 't.id', 't.employeeId', 't.signedOn', 't.validFrom', 't.validTo', 't.sharePercent', 't.collectiveAgreement', 't.createdAt', 't.authorId']),
        't.id',
      ).execute();
    case 'offer':
      return some(
        db
          .selectFrom('complementaryOffers as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select(['e.companyId', 't.id', 't.employeeId', 't.date', 't.seconds', 't.status', 't.offeredBy', 't.offeredAt', 't.answeredAt']),
        't.id',
      ).execute();
    case 'shift':
      // A published roster day (decision 085).
      return some(
        db
          .selectFrom('plannedDays as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select(['e.companyId', 't.id', 't.employeeId', 't.date', 't.kind', 't.startTime', 't.endTime', 't.breakMinutes', 't.publishedAt', 't.publishedBy']),
        't.id',
      ).execute();
    case 'approval': {
      const rows = await some(
        db
          .selectFrom('periodApprovals as t')
          .innerJoin('employees as e', 'e.id', 't.employeeId')
          .select([
            'e.companyId',
            't.id',
            't.employeeId',
            't.dateFrom',
            't.dateTo',
            't.status',
            't.approvedBy',
            't.approvedAt',
            't.reopenedBy',
            't.reopenedAt',
            't.reopenReason',
            't.reopenReasonSalt',
            't.reopenReasonDigest',
            'e.purgedAt',
          ]),
        't.id',
      ).execute();
      // The approval's frozen figures are part of what it says: the digest of its latest snapshot
      // as stored now (decision 051, update of issue 33), so an edited snapshot fails verify.
      const digests = await latestSnapshotDigests(db, ids);
      // A reopen reason written from migration 0050 on is chained as its digest, never as text (decision 083).
      return rows.map(({ reopenReasonSalt, reopenReasonDigest, purgedAt, ...r }) => {
        const digest = committedDigest(sha256Hex, { text: r.reopenReason, salt: reopenReasonSalt, digest: reopenReasonDigest }, purgedAt !== null);
        return { ...r, reopenReason: digest === null ? r.reopenReason : null, reopenReasonDigest: digest, snapshotDigest: digests.get(r.id) ?? null };
      });
    }
  }
}
