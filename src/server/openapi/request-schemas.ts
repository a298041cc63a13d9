import type { GenericSchema } from 'valibot';
import { CreateInspectionLinkSchema } from '../../domain/access/inspection-links.ts';
import { CompanyLegalHoldInput, LegalHoldInput } from '../../domain/retention/retention-rules.ts';
import { AcknowledgeMonthSchema } from '../../domain/access/record-acknowledgement.ts';
import { AcceptInvitationSchema, ForgotPasswordSchema, InviteSchema, ResetPasswordSchema } from '../../domain/accounts/account-links.ts';
import { CreateApiTokenSchema } from '../../domain/api-tokens/api-tokens.ts';
import { ChangePasswordSchema, SignInSchema, SignUpSchema } from '../../domain/auth/auth-schemas.ts';
import { AddPasskeySchema, PasskeySignInOptionsSchema, PasskeySignInSchema, RemovePasskeySchema, RenamePasskeySchema } from '../../domain/auth/passkey-schemas.ts';
import { CurrentPasswordSchema, SecondFactorSchema, SetupConfirmSchema, SetupTicketSchema, TotpCodeSchema } from '../../domain/auth/two-factor-schemas.ts';
import { FaceSwitchInput } from '../../domain/biometrics/face-switch-schema.ts';
import { PersonalClockRequestSchema } from '../../domain/clock/personal-clock.ts';
import { OvertimeChoiceRequestSchema } from '../../domain/attendance/overtime-choice.ts';
import { PersonalInterruptionSchema, PersonalStandbySchema } from '../../domain/worktime/time-apart-schema.ts';
import { ComplementaryPactInput, OfferAnswerInput } from '../../domain/worktime/complementary-schema.ts';
import { PersonalLatePunchBatchSchema } from '../../domain/clock/late-punch-request.ts';
import { EmployeeImportRequest } from '../../domain/employees/csv-import.ts';
import { ConsentInput, EnrolPhotoInput, PhotoUploadInput } from '../../domain/employees/employee-photos.ts';
import { EmployeeCreateInput, EmployeeUpdateInput } from '../../domain/employees/employee-schema.ts';
import { GuideUpdate } from '../../domain/guide/guide-schema.ts';
import { HolidayImportInput } from '../../domain/holidays/holiday-import.ts';
import { LeaveDecisionInput, LeaveRequestInput } from '../../domain/leave/leave-schema.ts';
import { MailSettingsInput } from '../../domain/notifications/mail-settings.ts';
import { SsoSettingsInput } from '../../domain/auth/sso-settings.ts';
import { CompanyInput, DepartmentInput, HolidayInput, JobTitleInput, LeaveGroupInput, LeaveTypeInput } from '../../domain/org/org-schemas.ts';
import { RoleInput } from '../../domain/permissions/role-schema.ts';
import { CopyWeekInput, CoverageInput, RepeatWeeksInput, RosterRangeInput, RosterShiftInput, RosterShiftPatch, ShiftTemplateInput, ShiftTemplatePatch } from '../../domain/roster/roster-schema.ts';
import { DepartmentScheduleCreateInput, ScheduleCreateInput, ScheduleInput } from '../../domain/schedules/schedule-schema.ts';
import { SettingsInput } from '../../domain/settings/settings-schema.ts';
import { UserCreateInput, UserUpdateInput } from '../../domain/users/user-schemas.ts';
import { SwapProposalInput } from '../../domain/roster/roster-requests.ts';

/**
 * The request body each endpoint validates, keyed `METHOD pattern` as in the API table: the same
 * valibot schema the endpoint or its service parses (decision 057). An endpoint missing here is
 * documented with a generic JSON body (writes) or none (reads); an entry that names no API route
 * fails `tests/unit/openapi.test.ts`. `anyOf` lists every body an endpoint accepts.
 */
export const REQUEST_BODIES: Readonly<Record<string, GenericSchema | { anyOf: GenericSchema[] }>> = {
  'POST /api/user/login': SignInSchema,
  'POST /api/sign-up': SignUpSchema,
  'POST /api/account/password': ChangePasswordSchema,
  'POST /api/user/login/passkey/options': PasskeySignInOptionsSchema,
  'POST /api/user/login/passkey': PasskeySignInSchema,
  'POST /api/account/passkeys': AddPasskeySchema,
  'PATCH /api/account/passkeys/{id}': RenamePasskeySchema,
  'POST /api/account/passkeys/{id}/remove': RemovePasskeySchema,
  'POST /api/account/two-factor/enable': TotpCodeSchema,
  'POST /api/account/two-factor/disable': CurrentPasswordSchema,
  'POST /api/account/two-factor/recovery-codes': CurrentPasswordSchema,
  'POST /api/user/login/second-factor': SecondFactorSchema,
  'POST /api/user/login/two-factor-setup': SetupTicketSchema,
  'POST /api/user/login/two-factor-setup/confirm': SetupConfirmSchema,
  'POST /api/invitations': InviteSchema,
  'POST /api/invitations/accept': AcceptInvitationSchema,
  'POST /api/password/forgot': ForgotPasswordSchema,
  'POST /api/password/reset': ResetPasswordSchema,
  'POST /api/api-tokens': CreateApiTokenSchema,
  'POST /api/shift-templates': ShiftTemplateInput,
  'PATCH /api/shift-templates/{id}': ShiftTemplatePatch,
  'POST /api/roster/shifts': RosterShiftInput,
  'PATCH /api/roster/shifts/{id}': RosterShiftPatch,
  'POST /api/roster/copy-week': CopyWeekInput,
  'POST /api/roster/repeat': RepeatWeeksInput,
  'POST /api/roster/fill': RosterRangeInput,
  'POST /api/roster/publish': RosterRangeInput,
  'PUT /api/roster/coverage': CoverageInput,
  'PUT /api/settings': SettingsInput,
  'PUT /api/settings/email': MailSettingsInput,
  'PUT /api/settings/sso': SsoSettingsInput,
  'POST /api/settings/face-recognition': FaceSwitchInput,
  'POST /api/employees/import': EmployeeImportRequest,
  'POST /api/schedules/bulk': DepartmentScheduleCreateInput,
  'POST /api/holidays/import': HolidayImportInput,
  'POST /api/personal/acknowledgements': AcknowledgeMonthSchema,
  'POST /api/personal/clock': PersonalClockRequestSchema,
  'POST /api/personal/overtime-choice': OvertimeChoiceRequestSchema,
  'POST /api/employees/{id}/complementary-pacts': ComplementaryPactInput,
  'POST /api/personal/complementary-offers/{id}': OfferAnswerInput,
  'POST /api/personal/clock/offline': PersonalLatePunchBatchSchema,
  'POST /api/personal/standby': PersonalStandbySchema,
  'POST /api/personal/swaps': SwapProposalInput,
  'POST /api/personal/interruptions': PersonalInterruptionSchema,
  'POST /api/inspection-links': CreateInspectionLinkSchema,
  'POST /api/legal-holds': CompanyLegalHoldInput,
  'POST /api/employees/{id}/legal-holds': LegalHoldInput,
  'PUT /api/guide': GuideUpdate,
  'POST /api/employees': EmployeeCreateInput,
  'PATCH /api/employees/{id}': EmployeeUpdateInput,
  'POST /api/schedules': ScheduleCreateInput,
  'PATCH /api/schedules/{id}': ScheduleInput,
  'POST /api/leaves': LeaveRequestInput,
  // An Employee edits its pending request; an administrator decides it (status and comment).
  'PATCH /api/leaves/{id}': { anyOf: [LeaveRequestInput, LeaveDecisionInput] },
  'POST /api/users': UserCreateInput,
  'PATCH /api/users/{id}': UserUpdateInput,
  'POST /api/roles': RoleInput,
  'PATCH /api/roles/{id}': RoleInput,
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
  'POST /api/employees/{id}/photos': PhotoUploadInput,
  'PUT /api/employees/{id}/photos/{id}/descriptor': EnrolPhotoInput,
  'PUT /api/employees/{id}/consent': ConsentInput,
};
