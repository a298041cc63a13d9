/**
 * What Jornada tells people by email (issue 22 point 2, decision 054). Each kind can be switched
 * on or off per company; a user may mute the optional ones for themselves. The others carry a
 * duty: the monthly summary is how the employee receives the legal record, a correction waiting
 * for acceptance needs the employee's answer, a failed backup or a paused webhook needs the operator.
 */
export const NOTIFICATION_KINDS = [
  'leaveRequested',
  'leaveDecided',
  'missingCheckOut',
  'missedCheckIn',
  'monthlySummary',
  'correctionRequested',
  'correctionAwaitingAcceptance',
  'terminalSilent',
  'backupFailed',
  'correctionDecided',
  'correctionDisputed',
  // Open shifts and swaps (issue 39 point 6, decision 086).
  'openShiftClaimed',
  'openShiftDecided',
  'shiftSwapProposed',
  'shiftSwapAccepted',
  'shiftSwapDecided',
  'rosterPublished',
  // A webhook receiver that kept failing was paused (issue 41 point 4, decision 094).
  'webhookPaused',
  // A sign-in from a browser the account had not used (issue 40.4, decision 093).
  'newDeviceSignIn',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

const NOT_MUTABLE: ReadonlySet<NotificationKind> = new Set(['monthlySummary', 'correctionAwaitingAcceptance', 'backupFailed', 'webhookPaused']);

/** Whether a user may choose not to receive this kind. */
export function isMutable(kind: NotificationKind): boolean {
  return !NOT_MUTABLE.has(kind);
}

export interface NotificationSetting {
  enabled: boolean;
  /** Also send to the employee's managers (missing check-out, missed check-in). */
  toManagers: boolean;
  /** The kind's delay in minutes (missed check-in: after the scheduled start); null when it has none. */
  minutes: number | null;
}

/** A company's settings for kinds it never changed. Everything is on: nothing is sent until SMTP is configured. */
export const DEFAULT_NOTIFICATION_SETTING: Readonly<Record<NotificationKind, NotificationSetting>> = {
  leaveRequested: { enabled: true, toManagers: false, minutes: null },
  leaveDecided: { enabled: true, toManagers: false, minutes: null },
  missingCheckOut: { enabled: true, toManagers: false, minutes: null },
  missedCheckIn: { enabled: true, toManagers: false, minutes: 30 },
  monthlySummary: { enabled: true, toManagers: false, minutes: null },
  correctionRequested: { enabled: true, toManagers: false, minutes: null },
  correctionAwaitingAcceptance: { enabled: true, toManagers: false, minutes: null },
  terminalSilent: { enabled: true, toManagers: false, minutes: null },
  backupFailed: { enabled: true, toManagers: false, minutes: null },
  correctionDecided: { enabled: true, toManagers: false, minutes: null },
  correctionDisputed: { enabled: true, toManagers: false, minutes: null },
  openShiftClaimed: { enabled: true, toManagers: false, minutes: null },
  openShiftDecided: { enabled: true, toManagers: false, minutes: null },
  shiftSwapProposed: { enabled: true, toManagers: false, minutes: null },
  shiftSwapAccepted: { enabled: true, toManagers: false, minutes: null },
  shiftSwapDecided: { enabled: true, toManagers: false, minutes: null },
  rosterPublished: { enabled: true, toManagers: false, minutes: null },
  webhookPaused: { enabled: true, toManagers: false, minutes: null },
  newDeviceSignIn: { enabled: true, toManagers: false, minutes: null },
};
