import * as v from 'valibot';
import { CLOCK_ACTIONS } from '../../clock/clock-engine.ts';
import { ClockRequestSchema } from '../../clock/clock-request.ts';
import { ConflictDismissInput, ConflictResolveInput } from '../../clock/late-punch-conflict.ts';
import { CONFLICT_REASONS, type LatePunchStatus } from '../../clock/late-punch.ts';
import { LatePunchBatchSchema } from '../../clock/late-punch-request.ts';
import { WorkplaceInputSchema } from '../../clock/proof-of-place.ts';
import { CreateTerminalSchema, PairTerminalSchema, TERMINAL_METHODS, UpdateTerminalSchema, type TerminalState } from '../../terminals/terminal-rules.ts';
import type { TerminalStatus } from '../../terminals/terminal-status.ts';
import { contract, listOf, MessageAnswer, queryInteger, savedOf } from '../contract.ts';

const TERMINAL_STATES = ['waiting', 'paired', 'revoked'] as const satisfies readonly TerminalState[];
const TERMINAL_STATUSES = ['revoked', 'unpaired', 'online', 'silent'] as const satisfies readonly TerminalStatus[];
const LATE_PUNCH_STATUSES = ['recorded', 'repeat', 'conflict'] as const satisfies readonly LatePunchStatus[];

/** A clock terminal as the admin API answers it (never a hash or the credential). */
export const TerminalRecord = v.object({
  _id: v.number(),
  name: v.string(),
  location: v.string(),
  methods: v.array(v.picklist(TERMINAL_METHODS)),
  state: v.picklist(TERMINAL_STATES),
  pairedAt: v.nullable(v.string()),
  pairingExpiresAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
  lastSeenAt: v.nullable(v.string()),
  lastSeq: v.pipe(v.number(), v.description('The last offline sequence number received; an administrator may reset it.')),
  doorCode: v.pipe(v.boolean(), v.description('The kiosk shows the door QR code.')),
  createdAt: v.string(),
  punchesToday: v.optional(v.number()),
});

/** A terminal in the admin's list: online or silent, and a waiting code's expiry. */
export const TerminalListRecord = v.object({
  ...TerminalRecord.entries,
  punchesToday: v.pipe(v.number(), v.description('Punches since the start of the company’s day.')),
  status: v.picklist(TERMINAL_STATUSES),
  codeWaitingUntil: v.pipe(v.nullable(v.string()), v.description('Set while a pairing code can still be used.')),
});

/** A new terminal or a new code: the only time the one-time code is shown. */
const TerminalWithCode = v.object({ data: TerminalRecord, pairingCode: v.string(), pairingExpiresAt: v.string(), message: v.string() });

/** The calling paired terminal, as it names itself. */
const CallingTerminal = v.object({ id: v.number(), name: v.string(), location: v.string(), methods: v.array(v.picklist(TERMINAL_METHODS)) });

/** A late punch waiting for an administrator (`ClockConflictDto`). */
export const ClockConflictRecord = v.object({
  _id: v.number(),
  terminal: v.pipe(v.object({ _id: v.nullable(v.number()), name: v.string(), personal: v.boolean() }), v.description('The terminal, or for a personal punch the worker’s device (its browser summary as the name).')),
  seq: v.number(),
  seqTo: v.nullable(v.number()),
  employee: v.nullable(v.object({ _id: v.number(), name: v.string() })),
  action: v.nullable(v.picklist(CLOCK_ACTIONS)),
  method: v.nullable(v.picklist(['pin', 'card', 'personal'])),
  at: v.nullable(v.string()),
  deviceAt: v.nullable(v.string()),
  reason: v.picklist(CONFLICT_REASONS),
  refusal: v.pipe(v.nullable(v.string()), v.description('The clock engine’s refusal, in the request’s language (reason `refused`).')),
  status: v.picklist(['open', 'resolved', 'dismissed']),
  resolution: v.nullable(v.object({ note: v.nullable(v.string()), by: v.nullable(v.string()), at: v.nullable(v.string()), attendance: v.nullable(v.number()) })),
  date: v.pipe(v.nullable(v.string()), v.description('The local work date of `at` in the company zone.')),
  createdAt: v.string(),
});

/** A company's place of work, for proof of place. */
export const WorkplaceRecord = v.object({
  id: v.number(),
  companyId: v.number(),
  companyName: v.string(),
  name: v.string(),
  lat: v.number(),
  lng: v.number(),
  radiusM: v.pipe(v.number(), v.description('Radius in metres.')),
});

export const CLOCK_CONTRACTS = {
  'POST /api/clock': contract({
    summary:
      'A kiosk punch by PIN, face or badge. 401: a terminal credential that names no active terminal, or a face punch without a valid challenge; 403: outside the IP restriction, an unpaired device or a method the terminal lacks; 409: the clock refused the punch (`employee.first_name` says whose); 429: the terminal waits (`retryAfter`)',
    body: ClockRequestSchema,
    answer: v.object({
      message: v.string(),
      employee: v.object({
        _id: v.number(),
        full_name: v.string(),
        image: v.pipe(v.nullable(v.string()), v.description('A small JPEG data URL of the employee’s photo, or null.')),
      }),
      time: v.pipe(v.string(), v.description('The punch instant, ISO 8601 UTC.')),
    }),
    errors: [401, 403, 409, 429],
  }),
  'POST /api/clock/challenge': contract({
    summary: 'A single-use nonce for the calling paired terminal’s next face punch',
    answer: v.object({ nonce: v.string(), expiresAt: v.string() }),
    errors: [401, 403],
  }),
  'GET /api/clock/door-code': contract({
    summary: 'The calling paired terminal’s door QR code',
    answer: v.object({
      code: v.string(),
      path: v.pipe(v.string(), v.description('`/personal/clock?door=<code>`: the kiosk prefixes its own origin.')),
      expiresAt: v.string(),
      refreshIn: v.pipe(v.number(), v.description('Seconds until the next code is issued.')),
    }),
    errors: [401, 403],
  }),
  'POST /api/clock/offline': contract({
    summary: 'Punches a paired terminal kept offline',
    body: LatePunchBatchSchema,
    answer: v.object({
      results: v.array(v.object({ seq: v.number(), status: v.picklist(LATE_PUNCH_STATUSES), time: v.optional(v.string()) })),
      lastSeq: v.pipe(v.number(), v.description('The terminal’s last sequence number now.')),
    }),
    errors: [401, 403, 429],
  }),
  'GET /api/clock-conflicts': contract({
    summary: 'Late punches waiting for an administrator (open) or closed',
    query: v.object({ status: v.optional(v.picklist(['open', 'closed'])), page: v.optional(queryInteger), pageSize: v.optional(queryInteger) }),
    answer: listOf(ClockConflictRecord),
  }),
  'POST /api/clock-conflicts/{id}/resolve': contract({ body: ConflictResolveInput, answer: savedOf(ClockConflictRecord), errors: [409] }),
  'POST /api/clock-conflicts/{id}/dismiss': contract({ body: ConflictDismissInput, answer: savedOf(ClockConflictRecord), errors: [409] }),
  'GET /api/terminal': contract({ summary: 'The calling terminal, and a heartbeat', answer: v.object({ terminal: CallingTerminal }), errors: [401] }),
  'POST /api/terminal/pair': contract({
    summary: 'Pair this device with a one-time code; the credential goes in a cookie (and in the body with `device: true`)',
    body: PairTerminalSchema,
    answer: v.object({ terminal: CallingTerminal, credential: v.optional(v.string()), message: v.string() }),
    errors: [429],
  }),
  'GET /api/terminals': contract({ summary: 'The company’s clock terminals', answer: listOf(TerminalListRecord) }),
  'POST /api/terminals': contract({ body: CreateTerminalSchema, answer: TerminalWithCode, status: 201 }),
  'PATCH /api/terminals/{id}': contract({ body: UpdateTerminalSchema, answer: savedOf(TerminalRecord) }),
  'POST /api/terminals/{id}/pairing-code': contract({ summary: 'A new one-time pairing code', answer: TerminalWithCode, errors: [409] }),
  'POST /api/terminals/{id}/revoke': contract({ answer: savedOf(TerminalRecord) }),
  'POST /api/terminals/{id}/reset-sequence': contract({ summary: 'The offline sequence numbering starts again from 1', answer: savedOf(TerminalRecord) }),
  'GET /api/workplaces': contract({ answer: listOf(WorkplaceRecord) }),
  'POST /api/workplaces': contract({ body: WorkplaceInputSchema, answer: savedOf(WorkplaceRecord), status: 201 }),
  'PATCH /api/workplaces/{id}': contract({ body: WorkplaceInputSchema, answer: savedOf(WorkplaceRecord) }),
  'DELETE /api/workplaces/{id}': contract({ summary: 'A workplace no punch names', answer: MessageAnswer, errors: [409] }),
} as const;
