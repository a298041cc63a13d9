import type { Language } from '../../i18n/languages.ts';
import { DEFAULT_BACKUP_KEEP, DEFAULT_BACKUP_TIME } from '../backups/backup-rules.ts';
import { DEFAULT_ACCEPTANCE_DAYS } from '../attendance/correction-rules.ts';
import { DEFAULT_FACE_MARGIN, DEFAULT_FACE_THRESHOLD } from '../clock/face-match.ts';
import { DEFAULT_SHIFT_WINDOW_MINUTES } from '../clock/shift-window.ts';
import { DEFAULT_TERMINAL_SILENT_MINUTES } from '../terminals/terminal-rules.ts';
import { DEFAULT_BREAK_RULES } from '../worktime/break-rules.ts';
import { DEFAULT_WARNING_LIMITS } from '../worktime/work-time-warnings.ts';
import { DEFAULT_AUTO_CLOCK_OUT_HOURS } from '../attendance/due-auto-clock-out.ts';
import { RECORD_RETENTION_YEARS } from '../retention/retention-rules.ts';
import type { OpenShiftAssignment } from '../roster/roster-requests.ts';

/**
 * Instance settings (spec section 3, "Setting") and their defaults (section 9), plus the options
 * our users expect of a commercial clock (default language, face recognition, grace minutes,
 * breaks per day) and the clock terminal's safeguards (face threshold and margin, liveness, punch
 * snapshots, trusted proxy).
 */
export interface Settings {
  country: string;
  timezone: string;
  /** "1" = 24-hour clock, "2" = 12-hour clock with AM/PM. */
  timeFormat: '1' | '2';
  /** Language of pages when the visitor chose none and the browser asks for neither. */
  defaultLanguage: Language;
  rfidClock: boolean;
  faceRecognition: boolean;
  /** Minutes after the scheduled start before a check-in counts as late. */
  graceMinutes: number;
  /** Breaks an employee may take per day. */
  breaksPerDay: number;
  /**
   * Minutes before and after a scheduled start in which a check-in belongs to that shift (and
   * in any case until its scheduled end); outside every shift a check-in is refused or, with
   * `acceptUnscheduledWork`, recorded as unscheduled (decision 032).
   */
  shiftWindowMinutes: number;
  /**
   * Record work on rest days, without a schedule or outside every shift (clock and manual
   * entry), flagged and counted as overtime; off = the spec's refusals. On for new installs in
   * Spain (art. 34.9 ET: every day worked is on the record).
   */
  acceptUnscheduledWork: boolean;
  /** Comma-separated addresses or CIDR ranges allowed to use the web clock; empty = any. */
  ipRestriction: string;
  /** Largest descriptor distance that identifies a person at the clock (face-match.ts). */
  faceThreshold: number;
  /** How much nearer the identified person must be than the next person. */
  faceMargin: number;
  /** The kiosk requires the face to move between frames (a photo held still is refused). */
  faceLiveness: boolean;
  /** Keep a small snapshot with each face punch, for the admin to review. */
  punchPhoto: boolean;
  /** Days a punch snapshot is kept before it is deleted. */
  punchPhotoRetentionDays: number;
  /**
   * Addresses or CIDR ranges of reverse proxies in front of the app. Only a connection from one
   * of them may name the client with X-Forwarded-For; empty = the connection's own address.
   */
  trustedProxy: string;
  /**
   * PIN and badge punches from a browser that is not a paired terminal (decision 042). Off for
   * new installs (firstRunSettings); on for installs older than terminals, so an update does not
   * stop their kiosk, and in the demo data set. Face punches always need a paired terminal.
   */
  unpairedClock: boolean;
  /** Minutes without a heartbeat after which the dashboard warns that a paired terminal is silent. */
  terminalSilentMinutes: number;
  /** Local time (HH:mm, company time zone) of the daily database backup. */
  backupTime: string;
  /** How many backup files are kept (the oldest beyond are deleted). */
  backupKeep: number;
  /**
   * Days an administrator's correction waits for the worker's acceptance before it reads as
   * "not accepted by the worker" (decision 034).
   */
  correctionAcceptanceDays: number;
  /** Punched breaks are paid time (decision 050); off = unpaid, deducted from the day. */
  breaksPaid: boolean;
  /** With unpaid breaks: minutes of work without a punched break after which `autoBreakMinutes` are deducted; 0 = off. */
  autoBreakAfterMinutes: number;
  autoBreakMinutes: number;
  /** Ordinary hours a day before the dashboard and the record warn (art. 34.3 ET: 9); 0 = agreed otherwise. */
  maxOrdinaryDailyHours: number;
  /** The period an administrator approves and locks (decision 051). */
  approvalPeriod: 'month' | 'week';
  /**
   * Close a day nobody checked out of at its scheduled end, `autoClockOutAfterHours` after that
   * end (decision 056): flagged "closed automatically", an exception to review. Off by default.
   */
  autoClockOut: boolean;
  autoClockOutAfterHours: number;
  /** Years the record is kept after a person's last day before the purge removes their personal data (decision 083): at least 4 (art. 34.9 ET). */
  recordRetentionYears: number;
  /** Who gets a claimed open shift (decision 086): an administrator approves a claim, or the first qualified claimant at once. */
  openShiftAssignment: OpenShiftAssignment;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  country: 'UK',
  timezone: 'Europe/Lisbon',
  timeFormat: '1',
  defaultLanguage: 'es',
  rfidClock: false,
  faceRecognition: true,
  graceMinutes: 5,
  breaksPerDay: 1,
  shiftWindowMinutes: DEFAULT_SHIFT_WINDOW_MINUTES,
  acceptUnscheduledWork: false,
  ipRestriction: '',
  faceThreshold: DEFAULT_FACE_THRESHOLD,
  faceMargin: DEFAULT_FACE_MARGIN,
  faceLiveness: true,
  punchPhoto: false,
  punchPhotoRetentionDays: 30,
  trustedProxy: '',
  unpairedClock: true,
  terminalSilentMinutes: DEFAULT_TERMINAL_SILENT_MINUTES,
  backupTime: DEFAULT_BACKUP_TIME,
  backupKeep: DEFAULT_BACKUP_KEEP,
  correctionAcceptanceDays: DEFAULT_ACCEPTANCE_DAYS,
  breaksPaid: DEFAULT_BREAK_RULES.breaksPaid,
  autoBreakAfterMinutes: DEFAULT_BREAK_RULES.autoBreakAfterMinutes,
  autoBreakMinutes: DEFAULT_BREAK_RULES.autoBreakMinutes,
  maxOrdinaryDailyHours: DEFAULT_WARNING_LIMITS.maxOrdinarySeconds / 3600,
  approvalPeriod: 'month',
  autoClockOut: false,
  autoClockOutAfterHours: DEFAULT_AUTO_CLOCK_OUT_HOURS,
  recordRetentionYears: RECORD_RETENTION_YEARS.default,
  openShiftAssignment: 'approval',
};

/** Merges stored values over the defaults, ignoring unknown keys and values of the wrong type. */
export function settingsFrom(stored: Record<string, unknown>): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = stored[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key]) (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}

/**
 * The settings a first run starts with: work outside the schedule is accepted in Spain (decision
 * 032); the clock takes punches only from paired terminals (decision 042); face recognition is off
 * (decision 047: turning it on needs the notice, a legal basis and a PIN or badge for everyone).
 * DEFAULT_SETTINGS keeps it on only for installations older than that, which stored no value.
 */
export function firstRunSettings(country: string, timezone: string): Settings {
  return { ...DEFAULT_SETTINGS, country, timezone, acceptUnscheduledWork: country === 'ES', unpairedClock: false, faceRecognition: false };
}
