import * as v from 'valibot';
import { LANGUAGES } from '../../i18n/languages.ts';
import { DEFAULT_NOTIFICATION_SETTING, isMutable, NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds.ts';

/**
 * Who is told what (decision 055): a company's switch per kind and each account's own mutes and
 * email language. Pure: the schemas the settings island, the account island and the server share,
 * and how a stored row (or its absence) reads.
 */

/** Minutes after the scheduled start before a missed check-in is told (the schedule part's job reads them). */
export const MISSED_CHECK_IN_MINUTES_RANGE = { min: 5, max: 240 } as const;

/** Kinds whose "also to managers" switch means something: the employee is told first. */
export const TO_MANAGERS_KINDS: readonly NotificationKind[] = ['missingCheckOut', 'missedCheckIn'];

/** Kinds with a number of minutes. */
export const MINUTES_KINDS: readonly NotificationKind[] = ['missedCheckIn'];

/** Each kind's name in the settings and account screens (i18n keys). */
export const KIND_LABELS: Record<NotificationKind, string> = {
  leaveRequested: 'notifications.kinds.leaveRequested',
  leaveDecided: 'notifications.kinds.leaveDecided',
  missingCheckOut: 'notifications.kinds.missingCheckOut',
  missedCheckIn: 'notifications.kinds.missedCheckIn',
  monthlySummary: 'notifications.kinds.monthlySummary',
  correctionRequested: 'notifications.kinds.correctionRequested',
  correctionAwaitingAcceptance: 'notifications.kinds.correctionAwaitingAcceptance',
  terminalSilent: 'notifications.kinds.terminalSilent',
  backupFailed: 'notifications.kinds.backupFailed',
  correctionDecided: 'notifications.kinds.correctionDecided',
  correctionDisputed: 'notifications.kinds.correctionDisputed',
  rosterPublished: 'notifications.kinds.rosterPublished',
  newDeviceSignIn: 'notifications.kinds.newDeviceSignIn',
  openShiftClaimed: 'notifications.kinds.openShiftClaimed',
  openShiftDecided: 'notifications.kinds.openShiftDecided',
  shiftSwapProposed: 'notifications.kinds.shiftSwapProposed',
  shiftSwapAccepted: 'notifications.kinds.shiftSwapAccepted',
  shiftSwapDecided: 'notifications.kinds.shiftSwapDecided',
  webhookPaused: 'notifications.kinds.webhookPaused',
};

/** The kinds an account may mute, in the order the list shows them. */
export const MUTABLE_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS.filter((kind) => isMutable(kind));

/** Kinds that reach a worker about their own record: all an Employee account is ever sent. */
const OWN_RECORD_KINDS: ReadonlySet<NotificationKind> = new Set([
  'leaveDecided',
  'missingCheckOut',
  'missedCheckIn',
  'monthlySummary',
  'correctionAwaitingAcceptance',
  'correctionDecided',
  'openShiftDecided',
  'shiftSwapProposed',
  'shiftSwapDecided',
  'rosterPublished',
  // About the account itself: every account can receive it.
  'newDeviceSignIn',
]);

/** The mutable kinds an account of this type can receive (an Employee account approves nothing, manages no terminal). */
export function mutableKindsFor(accountType: 'SuperAdmin' | 'Admin' | 'Employee'): NotificationKind[] {
  return MUTABLE_KINDS.filter((kind) => accountType !== 'Employee' || OWN_RECORD_KINDS.has(kind));
}

export interface CompanyKindSetting {
  kind: NotificationKind;
  enabled: boolean;
  toManagers: boolean;
  minutes: number | null;
}

/** A kind as a company has it: its stored row, else the kind's default (a missing row is the default). */
export function effectiveKindSetting(kind: NotificationKind, stored: { enabled: boolean; toManagers: boolean; minutes: number | null } | undefined): CompanyKindSetting {
  const base = stored ?? DEFAULT_NOTIFICATION_SETTING[kind];
  return {
    kind,
    enabled: base.enabled,
    toManagers: TO_MANAGERS_KINDS.includes(kind) ? base.toManagers : false,
    minutes: MINUTES_KINDS.includes(kind) ? (base.minutes ?? DEFAULT_NOTIFICATION_SETTING[kind].minutes) : null,
  };
}

const kindSchema = v.picklist(NOTIFICATION_KINDS, 'notifications.unknownKind');
const minutes = v.pipe(
  v.number('validation.invalidNumber'),
  v.integer('validation.invalidNumber'),
  v.minValue(MISSED_CHECK_IN_MINUTES_RANGE.min, 'notifications.minutesRange'),
  v.maxValue(MISSED_CHECK_IN_MINUTES_RANGE.max, 'notifications.minutesRange'),
);

/**
 * PUT /api/settings/notifications: the company's switches, one entry per kind to change (kinds not
 * sent keep theirs). `toManagers` and `minutes` are kept only for the kinds that have them.
 */
export const CompanyNotificationSettingsInput = v.object({
  settings: v.pipe(
    v.array(
      v.object({
        kind: kindSchema,
        enabled: v.boolean('validation.invalidInput'),
        toManagers: v.optional(v.boolean('validation.invalidInput'), false),
        minutes: v.optional(v.nullable(minutes), null),
      }),
      'validation.invalidInput',
    ),
    v.maxLength(NOTIFICATION_KINDS.length, 'validation.invalidInput'),
    v.check((list) => new Set(list.map((s) => s.kind)).size === list.length, 'notifications.duplicateKind'),
  ),
});
export type CompanyNotificationSettingsInput = v.InferOutput<typeof CompanyNotificationSettingsInput>;

/**
 * PUT /api/account/notifications: the account's own choices. `muted` lists the kinds it does not
 * want; a kind that cannot be muted (the monthly summary, a correction awaiting acceptance, a
 * failed backup) is refused, not ignored, so nobody believes they silenced it. `language` null
 * follows the instance default.
 */
export const AccountNotificationsInput = v.object({
  language: v.nullable(v.picklist(LANGUAGES, 'notifications.unknownLanguage')),
  muted: v.pipe(
    v.array(
      v.pipe(
        kindSchema,
        v.check((kind) => isMutable(kind), 'notifications.notMutable'),
      ),
      'validation.invalidInput',
    ),
    v.maxLength(NOTIFICATION_KINDS.length, 'validation.invalidInput'),
  ),
});
export type AccountNotificationsInput = v.InferOutput<typeof AccountNotificationsInput>;

/** What GET /api/account/notifications answers. */
export interface AccountNotificationsDto {
  language: (typeof LANGUAGES)[number] | null;
  /** The kinds this account may mute, each with its state. */
  kinds: { kind: NotificationKind; muted: boolean }[];
  /** The address messages go to (the account's email). */
  email: string;
}

/** What GET /api/settings/notifications answers. */
export interface CompanyNotificationsDto {
  companyId: number;
  /** Every company (administrators are instance-wide), for the picker. */
  companies: { id: number; name: string }[];
  settings: CompanyKindSetting[];
  /** False while no SMTP server is configured: nothing is sent whatever the switches say. */
  mailConfigured: boolean;
}
