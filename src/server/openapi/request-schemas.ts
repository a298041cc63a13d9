import { WorkplaceInputSchema } from '#domain/clock/proof-of-place.ts';
import type { GenericSchema } from 'valibot';
import { AttendanceCreateInput, AttendanceUpdateInput, AttendanceVoidInput } from '../../domain/attendance/attendance-schema.ts';
import { CorrectionAnswerInput, CorrectionDecisionInput, CorrectionRequestInput } from '../../domain/attendance/correction-schema.ts';
import { ClockRequestSchema } from '../../domain/clock/clock-request.ts';
import { InterruptionSchema, StandbySchema } from '../../domain/worktime/time-apart-schema.ts';
import { VoluntaryOfferInput } from '../../domain/worktime/complementary-schema.ts';
import { ConflictDismissInput, ConflictResolveInput } from '../../domain/clock/late-punch-conflict.ts';
import { LatePunchBatchSchema } from '../../domain/clock/late-punch-request.ts';
import { LeaveDecisionInput, LeaveRequestInput } from '../../domain/leave/leave-schema.ts';
import { PeriodApproveInput, PeriodReopenInput } from '../../domain/periods/period-schema.ts';
import { CreateTerminalSchema, PairTerminalSchema, UpdateTerminalSchema } from '../../domain/terminals/terminal-rules.ts';

/**
 * The request body each endpoint validates, keyed `METHOD pattern` as in the API table: the same
 * valibot schema the endpoint or its service parses (decision 057). An endpoint missing here is
 * documented with a generic JSON body (writes) or none (reads); an entry that names no API route
 * fails `tests/unit/openapi.test.ts`. `anyOf` lists every body an endpoint accepts.
 */
export const REQUEST_BODIES: Readonly<Record<string, GenericSchema | { anyOf: GenericSchema[] }>> = {
  'POST /api/clock': ClockRequestSchema,
  'POST /api/clock/offline': LatePunchBatchSchema,
  'POST /api/terminal/pair': PairTerminalSchema,
  'POST /api/terminals': CreateTerminalSchema,
  'PATCH /api/terminals/{id}': UpdateTerminalSchema,
  'POST /api/workplaces': WorkplaceInputSchema,
  'PATCH /api/workplaces/{id}': WorkplaceInputSchema,
  'POST /api/clock-conflicts/{id}/resolve': ConflictResolveInput,
  'POST /api/clock-conflicts/{id}/dismiss': ConflictDismissInput,
  'POST /api/periods/approve': PeriodApproveInput,
  'POST /api/periods/reopen': PeriodReopenInput,
  'POST /api/attendance-corrections': CorrectionRequestInput,
  'POST /api/attendance-corrections/{id}/approve': CorrectionDecisionInput,
  'POST /api/attendance-corrections/{id}/decline': CorrectionDecisionInput,
  'POST /api/attendances/{id}/acceptance': CorrectionAnswerInput,
  'POST /api/attendances/{id}/void': AttendanceVoidInput,
  'POST /api/complementary-offers': VoluntaryOfferInput,
  'POST /api/standby-periods': StandbySchema,
  'POST /api/disconnection-interruptions': InterruptionSchema,
  'POST /api/attendances': AttendanceCreateInput,
  'PATCH /api/attendances/{id}': AttendanceUpdateInput,
  'POST /api/leaves': LeaveRequestInput,
  // An Employee edits its pending request; an administrator decides it (status and comment).
  'PATCH /api/leaves/{id}': { anyOf: [LeaveRequestInput, LeaveDecisionInput] },
};
