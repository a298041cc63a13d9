import { ACCEPTANCE_DAYS_RANGE } from '../attendance/correction-rules.ts';
import { TERMINAL_SILENT_RANGE } from '../terminals/terminal-rules.ts';
import * as v from 'valibot';
import { BACKUP_KEEP_RANGE, BACKUP_TIME_RE } from '../backups/backup-rules.ts';
import { FACE_MARGIN_RANGE, FACE_THRESHOLD_RANGE } from '../clock/face-match.ts';
import { SHIFT_WINDOW_RANGE } from '../clock/shift-window.ts';
import { parseIpList } from '../net/ip-list.ts';
import { AUTO_BREAK_AFTER_RANGE, AUTO_BREAK_MINUTES_RANGE } from '../worktime/break-rules.ts';
import { MAX_ORDINARY_HOURS_RANGE } from '../worktime/work-time-warnings.ts';
import { AUTO_CLOCK_OUT_HOURS_RANGE } from '../attendance/due-auto-clock-out.ts';
import { calendarDate } from '../schedules/schedule-schema.ts';
import { RECORD_RETENTION_YEARS } from '../retention/retention-rules.ts';
import { OPEN_SHIFT_ASSIGNMENTS } from '../roster/roster-requests.ts';

/** Countries offered in the settings (ISO 3166 codes; the spec's default is "UK"). */
export const COUNTRIES = [
  'UK',
  'ES',
  'PT',
  'FR',
  'DE',
  'IT',
  'IE',
  'NL',
  'BE',
  'LU',
  'AT',
  'CH',
  'DK',
  'SE',
  'NO',
  'FI',
  'PL',
  'CZ',
  'GR',
  'RO',
  'US',
  'CA',
  'MX',
  'AR',
  'CL',
  'CO',
  'PE',
  'UY',
  'BR',
  'MA',
  'AD',
] as const;

/** Every IANA time zone this runtime knows (Node and browsers share the list). */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

const ipList = (invalid: string) =>
  v.pipe(
    v.string('validation.required'),
    v.maxLength(2000, 'validation.tooLong'),
    v.check((text: string) => parseIpList(text).invalid.length === 0, invalid),
    v.transform((text: string) =>
      parseIpList(text)
        .rules.map((r) => r.text)
        .join(', '),
    ),
  );

const decimal = (range: { min: number; max: number }, message: string) => v.pipe(v.number('validation.invalidNumber'), v.minValue(range.min, message), v.maxValue(range.max, message));

/**
 * PUT /api/settings: every field of spec section 3 is required (the form always sends the whole
 * set); the clock terminal's options may be left out by older clients and then keep their value.
 */
export const SettingsInput = v.object(
  {
    country: v.picklist(COUNTRIES, 'settings.invalidCountry'),
    timezone: v.pipe(v.string('validation.required'), v.check(isTimeZone, 'settings.invalidTimezone')),
    timeFormat: v.picklist(['1', '2'], 'validation.required'),
    defaultLanguage: v.picklist(['es', 'en'], 'validation.required'),
    rfidClock: v.boolean('validation.required'),
    /** Only the stored value is accepted: face recognition is switched by its own endpoint (decision 047). */
    faceRecognition: v.optional(v.boolean('validation.required')),
    graceMinutes: v.pipe(v.number('validation.invalidNumber'), v.integer('validation.invalidNumber'), v.minValue(0, 'settings.graceRange'), v.maxValue(120, 'settings.graceRange')),
    breaksPerDay: v.pipe(v.number('validation.invalidNumber'), v.integer('validation.invalidNumber'), v.minValue(1, 'settings.breaksRange'), v.maxValue(5, 'settings.breaksRange')),
    ipRestriction: ipList('settings.invalidIpList'),
    shiftWindowMinutes: v.optional(
      v.pipe(
        v.number('settings.shiftWindowRange'),
        v.integer('settings.shiftWindowRange'),
        v.minValue(SHIFT_WINDOW_RANGE.min, 'settings.shiftWindowRange'),
        v.maxValue(SHIFT_WINDOW_RANGE.max, 'settings.shiftWindowRange'),
      ),
    ),
    acceptUnscheduledWork: v.optional(v.boolean('validation.required')),
    faceThreshold: v.optional(decimal(FACE_THRESHOLD_RANGE, 'settings.faceThresholdRange')),
    faceMargin: v.optional(decimal(FACE_MARGIN_RANGE, 'settings.faceMarginRange')),
    faceLiveness: v.optional(v.boolean('validation.required')),
    punchPhoto: v.optional(v.boolean('validation.required')),
    punchPhotoRetentionDays: v.optional(v.pipe(v.number('validation.invalidNumber'), v.integer('validation.invalidNumber'), v.minValue(1, 'settings.retentionRange'), v.maxValue(365, 'settings.retentionRange'))),
    trustedProxy: v.optional(ipList('settings.invalidIpList')),
    unpairedClock: v.optional(v.boolean('validation.required')),
    terminalSilentMinutes: v.optional(
      v.pipe(
        v.number('validation.invalidNumber'),
        v.integer('validation.invalidNumber'),
        v.minValue(TERMINAL_SILENT_RANGE.min, 'settings.terminalSilentRange'),
        v.maxValue(TERMINAL_SILENT_RANGE.max, 'settings.terminalSilentRange'),
      ),
    ),
    backupTime: v.optional(v.pipe(v.string('settings.backupTimeInvalid'), v.regex(BACKUP_TIME_RE, 'settings.backupTimeInvalid'))),
    correctionAcceptanceDays: v.optional(
      v.pipe(
        v.number('validation.invalidNumber'),
        v.integer('validation.invalidNumber'),
        v.minValue(ACCEPTANCE_DAYS_RANGE.min, 'settings.acceptanceDaysRange'),
        v.maxValue(ACCEPTANCE_DAYS_RANGE.max, 'settings.acceptanceDaysRange'),
      ),
    ),
    backupKeep: v.optional(
      v.pipe(v.number('validation.invalidNumber'), v.integer('validation.invalidNumber'), v.minValue(BACKUP_KEEP_RANGE.min, 'settings.backupKeepRange'), v.maxValue(BACKUP_KEEP_RANGE.max, 'settings.backupKeepRange')),
    ),
    breaksPaid: v.optional(v.boolean('validation.required')),
    autoBreakAfterMinutes: v.optional(
      v.pipe(
        v.number('validation.invalidNumber'),
        v.integer('validation.invalidNumber'),
        v.minValue(AUTO_BREAK_AFTER_RANGE.min, 'settings.autoBreakAfterRange'),
        v.maxValue(AUTO_BREAK_AFTER_RANGE.max, 'settings.autoBreakAfterRange'),
      ),
    ),
    autoBreakMinutes: v.optional(
      v.pipe(
        v.number('validation.invalidNumber'),
        v.integer('validation.invalidNumber'),
        v.minValue(AUTO_BREAK_MINUTES_RANGE.min, 'settings.autoBreakMinutesRange'),
        v.maxValue(AUTO_BREAK_MINUTES_RANGE.max, 'settings.autoBreakMinutesRange'),
      ),
    ),
    /** From which date a change of the break rules applies (decision 050); not a setting itself. Default: today in the company zone. */
    effectiveFrom: v.optional(calendarDate),
    maxOrdinaryDailyHours: v.optional(
      v.pipe(v.number('validation.invalidNumber'), v.minValue(MAX_ORDINARY_HOURS_RANGE.min, 'settings.maxOrdinaryHoursRange'), v.maxValue(MAX_ORDINARY_HOURS_RANGE.max, 'settings.maxOrdinaryHoursRange')),
    ),
    approvalPeriod: v.optional(v.picklist(['month', 'week'], 'validation.required')),
    /** Open shifts (decision 086): approval by an administrator, or the first qualified claimant. */
    openShiftAssignment: v.optional(v.picklist(OPEN_SHIFT_ASSIGNMENTS, 'validation.required')),
    autoClockOut: v.optional(v.boolean('validation.required')),
    autoClockOutAfterHours: v.optional(
      v.pipe(
        v.number('validation.invalidNumber'),
        v.integer('validation.invalidNumber'),
        v.minValue(AUTO_CLOCK_OUT_HOURS_RANGE.min, 'settings.autoClockOutRange'),
        v.maxValue(AUTO_CLOCK_OUT_HOURS_RANGE.max, 'settings.autoClockOutRange'),
      ),
    ),
    /** Never below four years (art. 34.9 ET, decision 083). */
    recordRetentionYears: v.optional(
      v.pipe(
        v.number('settings.recordRetentionRange'),
        v.integer('settings.recordRetentionRange'),
        v.minValue(RECORD_RETENTION_YEARS.min, 'settings.recordRetentionRange'),
        v.maxValue(RECORD_RETENTION_YEARS.max, 'settings.recordRetentionRange'),
      ),
    ),
  },
  'validation.required',
);
export type SettingsInput = v.InferOutput<typeof SettingsInput>;
