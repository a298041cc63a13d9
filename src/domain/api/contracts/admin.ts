// A legal hold is one record, described with the employee's holds.
import { LegalHoldRecord } from './employees.ts';
import * as v from 'valibot';
import { CreateInspectionLinkSchema } from '../../access/inspection-links.ts';
import { FeedbackInput } from '../../feedback/feedback-schema.ts';
import { GuideUpdate } from '../../guide/guide-schema.ts';
import { EMPLOYEE_PREREQUISITES, GUIDE_STEPS } from '../../guide/getting-started.ts';
import type { OutboxStatus, OutboxTab } from '../../notifications/outbox-view.ts';
import type { ChainKind, ChainProblem } from '../../record-chain/record-chain.ts';
import { CompanyLegalHoldInput } from '../../retention/retention-rules.ts';
import { contract, MessageAnswer, queryInteger } from '../contract.ts';

/**
 * The administration endpoints: the outbox, backups, feedback, the getting-started guide, the
 * inspectorate's links, legal holds, the record chain's check, the OpenAPI document and health.
 */

const about = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text));

const OUTBOX_TAB_LIST = ['waiting', 'failed', 'sent', 'discarded'] as const satisfies readonly OutboxTab[];
const OUTBOX_STATUS_LIST = ['pending', 'sending', 'sent', 'failed', 'discarded'] as const satisfies readonly OutboxStatus[];

/** One email or webhook delivery of the outbox, never its body (decision 054). */
export const OutboxRecord = v.object({
  _id: v.number(),
  channel: v.picklist(['email', 'webhook']),
  kind: v.string(),
  recipient: about(v.string(), 'The address (email) or URL (webhook).'),
  subject: about(v.nullable(v.string()), 'The email’s subject; null for webhooks.'),
  status: v.picklist(OUTBOX_STATUS_LIST),
  attempts: v.number(),
  nextAttemptAt: about(v.nullable(v.string()), 'Only a pending delivery has one.'),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  sentAt: v.nullable(v.string()),
});

/** The backups' state (`BackupOverview`). */
export const BackupRecord = v.object({
  lastSuccess: v.nullable(v.object({ at: v.string(), file: v.string(), bytes: v.number(), trigger: v.string() })),
  lastFailure: about(v.nullable(v.object({ at: v.string(), message: v.string(), trigger: v.string() })), 'The latest failure when no backup has succeeded since.'),
  nextAt: about(v.string(), 'The next scheduled backup (ISO instant).'),
  count: about(v.number(), 'Backup files on disk now.'),
  totalBytes: v.number(),
  dir: about(v.string(), 'Absolute path of the backups folder.'),
  secretsMismatch: about(v.boolean(), 'config.json’s PIN pepper is not the one this database’s PINs were made with (decision 039).'),
});

/** A message sent with the feedback form. */
export const FeedbackRecord = v.object({ _id: v.number(), message: v.string(), createdAt: v.string(), userName: v.nullable(v.string()), userEmail: v.nullable(v.string()) });

/** The signed-in user's getting-started guide (`GuideView`). */
export const GuideRecord = v.object({
  mode: v.picklist(['checklist', 'congratulate', 'hidden']),
  steps: v.array(
    v.object({
      id: v.picklist(GUIDE_STEPS),
      done: v.boolean(),
      available: about(v.boolean(), 'The user’s role allows the step.'),
      href: v.string(),
      needs: about(v.array(v.picklist(EMPLOYEE_PREREQUISITES)), 'Employee step only: what must exist first.'),
    }),
  ),
  done: v.number(),
  total: v.number(),
  next: about(v.nullable(v.picklist(GUIDE_STEPS)), 'The first step still to do that the user may take.'),
});

/** A labour inspectorate link without its token (decision 036). */
export const InspectionLinkRecord = v.object({
  _id: v.number(),
  label: v.nullable(v.string()),
  createdAt: v.string(),
  createdByName: v.nullable(v.string()),
  expiresAt: v.string(),
  revokedAt: v.nullable(v.string()),
  lastUsedAt: v.nullable(v.string()),
  uses: v.number(),
  state: v.picklist(['active', 'expired', 'revoked']),
});

/** A legal hold (decision 083): on a whole company (`employeeId` null) or on one employee. */

const CHAIN_KINDS = [
  'punch',
  'revision',
  'void',
  'attendance',
  'break',
  'leave',
  'holiday',
  'schedule',
  'approval',
  'rules',
  'contract',
  'standby',
  'interruption',
  'answer',
  'pact',
  'offer',
  'shift',
] as const satisfies readonly ChainKind[];
const CHAIN_PROBLEMS = ['sequence', 'link', 'hash', 'duplicate', 'rowMissing', 'rowChanged', 'entryMissing', 'rowNotDeleted'] as const satisfies readonly ChainProblem[];
const figure = v.nullable(v.union([v.number(), v.string()]));

/** The record chain's check (decision 033). */
export const RecordChainCheckRecord = v.object({
  ok: v.boolean(),
  entries: about(v.number(), 'How many entries were checked.'),
  brokenCount: v.number(),
  broken: about(
    v.array(
      v.object({
        companyId: v.number(),
        seq: about(v.nullable(v.number()), 'Null for a record without an entry.'),
        kind: v.picklist(CHAIN_KINDS),
        refId: v.number(),
        problem: v.picklist(CHAIN_PROBLEMS),
        fields: v.optional(about(v.array(v.string()), 'For `rowChanged`: the fields that differ.')),
      }),
    ),
    'The first 100 broken entries, in chain order.',
  ),
  companies: v.array(v.object({ companyId: v.number(), companyName: v.string(), head: v.nullable(v.object({ companyId: v.number(), seq: v.number(), hash: v.string(), createdAt: v.string() })) })),
  approvedFigures: v.optional(
    about(
      v.array(v.object({ employeeId: v.number(), employeeName: v.string(), from: v.string(), to: v.string(), differences: v.array(v.object({ figure: v.string(), snapshot: figure, fresh: figure })) })),
      'Approved periods whose frozen figures differ from a fresh computation (decision 051).',
    ),
  ),
});

const saved = <S extends v.GenericSchema>(data: S) => v.object({ data, message: v.string() });
const listed = <S extends v.GenericSchema>(item: S) => v.object({ data: v.array(item), total: v.number() });

export const ADMIN_CONTRACTS = {
  'GET /api/outbox': contract({
    summary: 'One tab of the outbox of emails and webhook deliveries, with the count of every tab',
    query: v.object({ status: v.optional(v.picklist(OUTBOX_TAB_LIST)), page: v.optional(queryInteger), pageSize: v.optional(queryInteger) }),
    answer: v.object({ tab: v.picklist(OUTBOX_TAB_LIST), data: v.array(OutboxRecord), total: v.number(), counts: v.object({ waiting: v.number(), failed: v.number(), sent: v.number(), discarded: v.number() }) }),
  }),
  'POST /api/outbox/{id}/retry': contract({ summary: 'Try a failed delivery again now', answer: MessageAnswer, errors: [409] }),
  'POST /api/outbox/{id}/discard': contract({ summary: 'Never try a waiting or failed delivery again', answer: MessageAnswer, errors: [409] }),
  'GET /api/backups': contract({ answer: v.object({ data: BackupRecord }) }),
  'POST /api/backups': contract({ summary: 'Back up the database now', answer: saved(BackupRecord), status: 201 }),
  'POST /api/feedback': contract({ summary: 'Send feedback to the installation’s SuperAdmin', body: FeedbackInput, answer: MessageAnswer, status: 201, errors: [429] }),
  'GET /api/feedback': contract({ summary: 'The feedback received, newest first (SuperAdmin only)', answer: v.object({ data: v.array(FeedbackRecord) }) }),
  'GET /api/guide': contract({ answer: v.object({ data: GuideRecord }) }),
  'PUT /api/guide': contract({ summary: 'Hide or show the getting-started guide', body: GuideUpdate, answer: saved(GuideRecord) }),
  'GET /api/inspection-links': contract({ answer: listed(InspectionLinkRecord) }),
  'POST /api/inspection-links': contract({
    summary: 'Make a read-only link for the labour inspectorate: the only answer that shows its token',
    body: CreateInspectionLinkSchema,
    answer: saved(
      v.object({
        _id: v.number(),
        label: v.nullable(v.string()),
        createdAt: v.string(),
        expiresAt: v.string(),
        path: about(v.string(), 'The link’s path, with its token.'),
        url: about(v.string(), 'The link as this request reached the server.'),
      }),
    ),
    status: 201,
  }),
  'POST /api/inspection-links/{id}/revoke': contract({ answer: MessageAnswer }),
  'GET /api/inspection-links/{id}/uses': contract({
    summary: 'The log of a link’s uses, newest first',
    answer: listed(v.object({ _id: v.number(), at: v.string(), address: v.nullable(v.string()), viewed: about(v.string(), 'What was viewed, e.g. `record 2026-05 employee=3 html`.') })),
  }),
  'GET /api/legal-holds': contract({ summary: 'The legal holds of the companies the account manages, newest first', answer: listed(LegalHoldRecord) }),
  'POST /api/legal-holds': contract({ summary: 'Place a hold on a whole company', body: CompanyLegalHoldInput, answer: saved(LegalHoldRecord), status: 201 }),
  'POST /api/legal-holds/{id}/release': contract({ answer: saved(LegalHoldRecord), errors: [409] }),
  'GET /api/record-chain/verify': contract({ summary: 'Check the record chain now (a broken chain is a finding: still 200)', answer: v.object({ data: RecordChainCheckRecord }) }),
  'GET /api/openapi.json': contract({ summary: 'This document', files: ['application/json'] }),
  'GET /api/health': contract({ summary: 'Liveness and database check (503 `{status: "error"}` when unhealthy)', answer: v.object({ status: v.literal('ok') }), errors: [503] }),
} as const;
