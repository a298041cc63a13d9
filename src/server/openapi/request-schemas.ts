import { WorkplaceInputSchema } from '#domain/clock/proof-of-place.ts';
import type { GenericSchema } from 'valibot';
import { CreateInspectionLinkSchema } from '../../domain/access/inspection-links.ts';
import { CompanyLegalHoldInput } from '../../domain/retention/retention-rules.ts';
import { AttendanceCreateInput, AttendanceUpdateInput, AttendanceVoidInput } from '../../domain/attendance/attendance-schema.ts';
import { CorrectionAnswerInput, CorrectionDecisionInput, CorrectionRequestInput } from '../../domain/attendance/correction-schema.ts';
import { FaceSwitchInput } from '../../domain/biometrics/face-switch-schema.ts';
import { ClockRequestSchema } from '../../domain/clock/clock-request.ts';
import { InterruptionSchema, StandbySchema } from '../../domain/worktime/time-apart-schema.ts';
import { VoluntaryOfferInput } from '../../domain/worktime/complementary-schema.ts';
import { ConflictDismissInput, ConflictResolveInput } from '../../domain/clock/late-punch-conflict.ts';
import { LatePunchBatchSchema } from '../../domain/clock/late-punch-request.ts';
import { GuideUpdate } from '../../domain/guide/guide-schema.ts';
import { HolidayImportInput } from '../../domain/holidays/holiday-import.ts';
import { LeaveDecisionInput, LeaveRequestInput } from '../../domain/leave/leave-schema.ts';
import { MailSettingsInput } from '../../domain/notifications/mail-settings.ts';
import { SsoSettingsInput } from '../../domain/auth/sso-settings.ts';
import { CompanyInput, DepartmentInput, HolidayInput, JobTitleInput, LeaveGroupInput, LeaveTypeInput } from '../../domain/org/org-schemas.ts';
import { PeriodApproveInput, PeriodReopenInput } from '../../domain/periods/period-schema.ts';
import { SettingsInput } from '../../domain/settings/settings-schema.ts';
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
  'PUT /api/settings': SettingsInput,
  'PUT /api/settings/email': MailSettingsInput,
  'PUT /api/settings/sso': SsoSettingsInput,
  'POST /api/settings/face-recognition': FaceSwitchInput,
  'POST /api/holidays/import': HolidayImportInput,
  'POST /api/attendance-corrections': CorrectionRequestInput,
  'POST /api/attendance-corrections/{id}/approve': CorrectionDecisionInput,
  'POST /api/attendance-corrections/{id}/decline': CorrectionDecisionInput,
  'POST /api/attendances/{id}/acceptance': CorrectionAnswerInput,
  'POST /api/attendances/{id}/void': AttendanceVoidInput,
  'POST /api/complementary-offers': VoluntaryOfferInput,
  'POST /api/standby-periods': StandbySchema,
  'POST /api/disconnection-interruptions': InterruptionSchema,
  'POST /api/inspection-links': CreateInspectionLinkSchema,
  'POST /api/legal-holds': CompanyLegalHoldInput,
  'PUT /api/guide': GuideUpdate,
  'POST /api/attendances': AttendanceCreateInput,
  'PATCH /api/attendances/{id}': AttendanceUpdateInput,
  'POST /api/leaves': LeaveRequestInput,
  // An Employee edits its pending request; an administrator decides it (status and comment).
  'PATCH /api/leaves/{id}': { anyOf: [LeaveRequestInput, LeaveDecisionInput] },
  'POST /api/companies': CompanyInput,
  'PATCH /api/companies/{id}': CompanyInput,
  'POST /api/departments': DepartmentInput,
  'PATCH /api/departments/{id}': DepartmentInput,
  'POST /api/job-titles': JobTitleInput,
  'PATCH /api/job-titles/{id}': JobTitleInput,
  'POST /api/leave-types': LeaveTypeInput,
  'PATCH /api/leave-types/{id}': LeaveTypeInput,
  'POST /api/leave-groups': LeaveGroupInput,
  'PATCH /api/leave-groups/{id}': LeaveGroupInput,
  'POST /api/holidays': HolidayInput,
  'PATCH /api/holidays/{id}': HolidayInput,
};
