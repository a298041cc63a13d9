import * as v from 'valibot';
import { SsoSettingsInput } from '../../auth/sso-settings.ts';
import { FaceSwitchInput } from '../../biometrics/face-switch-schema.ts';
import { MailSettingsInput } from '../../notifications/mail-settings.ts';
import { NOTIFICATION_KINDS } from '../../notifications/notification-kinds.ts';
import { CompanyNotificationSettingsInput } from '../../notifications/notification-preferences.ts';
import { TestEmailInput } from '../../notifications/test-email.ts';
import { APPROVAL_PERIODS } from '../../periods/approval-period.ts';
import { OPEN_SHIFT_ASSIGNMENTS } from '../../roster/roster-requests.ts';
import { SettingsInput } from '../../settings/settings-schema.ts';
import { LANGUAGES } from '#i18n/languages.ts';
import { contract, MessageAnswer, queryId } from '../contract.ts';

/** Settings (spec section 3, "Setting") and the settings of email, single sign-on, face recognition and notifications. */

const about = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text));

/** The instance settings (`Settings`). */
export const SettingsRecord = v.object({
  country: v.string(),
  timezone: about(v.string(), 'IANA time zone.'),
  timeFormat: about(v.picklist(['1', '2']), '"1" = 24-hour clock, "2" = 12-hour clock.'),
  defaultLanguage: v.picklist(LANGUAGES),
  rfidClock: v.boolean(),
  faceRecognition: about(v.boolean(), 'Switched only by POST /api/settings/face-recognition (decision 047).'),
  graceMinutes: about(v.number(), 'Minutes after the scheduled start before a check-in counts as late.'),
  breaksPerDay: v.number(),
  shiftWindowMinutes: about(v.number(), 'Minutes around a scheduled start in which a check-in belongs to that shift.'),
  acceptUnscheduledWork: about(v.boolean(), 'Record work outside every shift, flagged (decision 032).'),
  ipRestriction: about(v.string(), 'Addresses or CIDR ranges allowed to use the web clock; empty = any.'),
  faceThreshold: v.number(),
  faceMargin: v.number(),
  faceLiveness: v.boolean(),
  punchPhoto: v.boolean(),
  punchPhotoRetentionDays: v.number(),
  trustedProxy: about(v.string(), 'Reverse proxies allowed to name the client with X-Forwarded-For.'),
  unpairedClock: about(v.boolean(), 'PIN and badge punches from a browser that is not a paired terminal (decision 042).'),
  terminalSilentMinutes: v.number(),
  backupTime: about(v.string(), 'HH:mm, local time of the daily backup.'),
  backupKeep: v.number(),
  correctionAcceptanceDays: v.number(),
  breaksPaid: v.boolean(),
  autoBreakAfterMinutes: v.number(),
  autoBreakMinutes: v.number(),
  maxOrdinaryDailyHours: v.number(),
  approvalPeriod: v.picklist(APPROVAL_PERIODS),
  autoClockOut: v.boolean(),
  autoClockOutAfterHours: v.number(),
  recordRetentionYears: v.number(),
  openShiftAssignment: v.picklist(OPEN_SHIFT_ASSIGNMENTS),
});

/** One dated change of the figure rules (decision 050). */
const FigureRulesChange = v.object({
  effectiveFrom: v.string(),
  rules: v.object({ breaksPaid: v.boolean(), autoBreakAfterMinutes: v.number(), autoBreakMinutes: v.number(), maxOrdinaryDailyHours: v.number(), graceMinutes: v.number() }),
  createdAt: v.string(),
  author: about(v.nullable(v.string()), 'Who made the change; null for the installation’s first rules.'),
});
const history = about(v.array(FigureRulesChange), 'The figure rules’ history, latest effective date first (decision 050).');

/** The SMTP settings without the password. */
export const MailSettingsRecord = v.object({
  host: v.string(),
  port: v.number(),
  security: v.picklist(['none', 'starttls', 'tls']),
  user: v.string(),
  from: v.string(),
  appUrl: v.string(),
  passwordSet: about(v.boolean(), 'A password is stored (it is never answered).'),
});

/** The single sign-on provider without the client secret (decision 092). */
export const SsoSettingsRecord = v.object({
  enabled: v.boolean(),
  displayName: v.string(),
  issuer: v.string(),
  clientId: v.string(),
  createAccounts: v.boolean(),
  passwordOnlySuperAdmin: v.boolean(),
  secretSet: about(v.boolean(), 'A client secret is stored (it is never answered).'),
});
const redirectUri = about(v.string(), 'The redirect URI to register with the provider.');

/** What Settings shows about face recognition (decision 047). */
export const FaceRecognitionRecord = v.object({
  enabled: v.boolean(),
  lastChange: v.nullable(v.object({ enabled: v.boolean(), at: v.string(), byName: v.string(), noticeVersion: v.nullable(v.string()) })),
  acknowledged: about(v.boolean(), 'On, and the current notice was acknowledged when it was turned on.'),
  enrolledEmployees: v.number(),
  descriptorCount: v.number(),
  missingAlternative: about(v.array(v.object({ id: v.number(), name: v.string() })), 'Active employees with neither PIN nor badge.'),
});

/** A company's notification switches (decision 055). */
export const CompanyNotificationsRecord = v.object({
  companyId: v.number(),
  companies: v.array(v.object({ id: v.number(), name: v.string() })),
  settings: v.array(v.object({ kind: v.picklist(NOTIFICATION_KINDS), enabled: v.boolean(), toManagers: v.boolean(), minutes: v.nullable(v.number()) })),
  mailConfigured: about(v.boolean(), 'False while no SMTP server is set: nothing is sent.'),
});
const companyQuery = v.object({ companyId: v.optional(about(queryId, 'The company; the account’s own, or the first, when absent.')) });

export const SETTINGS_CONTRACTS = {
  'GET /api/settings': contract({ answer: v.object({ data: SettingsRecord, breakRulesHistory: history }) }),
  'PUT /api/settings': contract({ body: SettingsInput, answer: v.object({ data: SettingsRecord, breakRulesHistory: history, message: v.string() }) }),
  'GET /api/settings/email': contract({ summary: 'The SMTP server for notifications (decision 054)', answer: v.object({ data: MailSettingsRecord }) }),
  'PUT /api/settings/email': contract({ body: MailSettingsInput, answer: v.object({ data: MailSettingsRecord, message: v.string() }) }),
  'POST /api/settings/email/test': contract({
    summary: 'Send a test message now through the saved SMTP settings (502: the server could not be reached or refused it)',
    body: TestEmailInput,
    answer: MessageAnswer,
    errors: [409],
  }),
  'GET /api/settings/sso': contract({ summary: 'The single sign-on provider (SuperAdmin only)', answer: v.object({ data: SsoSettingsRecord, redirectUri }) }),
  'PUT /api/settings/sso': contract({ body: SsoSettingsInput, answer: v.object({ data: SsoSettingsRecord, redirectUri, message: v.string() }) }),
  'GET /api/settings/face-recognition': contract({ answer: v.object({ data: FaceRecognitionRecord }) }),
  'POST /api/settings/face-recognition': contract({
    summary: 'Turn face recognition on (notice acknowledged) or off (optionally deleting every descriptor)',
    body: FaceSwitchInput,
    answer: v.object({ data: FaceRecognitionRecord, descriptorsDeleted: v.number(), message: v.string() }),
    errors: [409],
  }),
  'GET /api/settings/face-recognition/dpia': contract({
    summary: 'The DPIA draft for face recognition, a Markdown file',
    query: v.object({ lang: v.optional(v.picklist(LANGUAGES)) }),
    files: ['text/markdown'],
  }),
  'GET /api/settings/notifications': contract({ query: companyQuery, answer: v.object({ data: CompanyNotificationsRecord }), errors: [404] }),
  'PUT /api/settings/notifications': contract({ query: companyQuery, body: CompanyNotificationSettingsInput, answer: v.object({ data: CompanyNotificationsRecord, message: v.string() }), errors: [404] }),
} as const;
