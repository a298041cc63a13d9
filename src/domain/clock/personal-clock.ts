import * as v from 'valibot';
import { CLOCK_ACTIONS, type ClockAction } from './clock-engine.ts';
import { PUNCH_MESSAGES } from './punch-messages.ts';
import type { ProofOfPlaceMode, PunchPlace } from './proof-of-place.ts';
import type { OvertimeQuestion } from '../attendance/overtime-choice.ts';

/**
 * The personal clock (issue 36 point 3, decision 067): a signed-in worker punches for the employee
 * linked to their account, from their own device. The rules here are pure; the service
 * (`src/server/services/punch/record-personal-punch.ts`) applies them where the punch is written.
 */

export const WORK_MODES = ['on-site', 'remote'] as const;
export type PunchWorkMode = (typeof WORK_MODES)[number];

/** i18n keys of the personal clock's own messages (namespace `personalClock`). */
export const PERSONAL_CLOCK_MESSAGES = {
  notAllowed: 'personalClock.notAllowed',
  noEmployee: 'personalClock.noEmployee',
  tokenRefused: 'personalClock.tokenRefused',
  invalidWorkMode: 'personalClock.invalidWorkMode',
  invalidLocation: 'personalClock.invalidLocation',
  useYourPersonalClock: 'personalClock.useYourPersonalClock',
} as const;

/**
 * The browser's position at the moment of an on-site punch, asked only then (proof of place,
 * decision 068). Kept apart from the punch for the company's retention days when proof of place
 * is on; dropped for a remote punch or with proof of place off.
 */
const coordinate = (min: number, max: number) =>
  v.pipe(
    v.number(PERSONAL_CLOCK_MESSAGES.invalidLocation),
    v.finite(PERSONAL_CLOCK_MESSAGES.invalidLocation),
    v.minValue(min, PERSONAL_CLOCK_MESSAGES.invalidLocation),
    v.maxValue(max, PERSONAL_CLOCK_MESSAGES.invalidLocation),
  );

export const PunchLocationSchema = v.object(
  {
    lat: coordinate(-90, 90),
    lng: coordinate(-180, 180),
    /** Metres, as the Geolocation API reports it. */
    accuracy: coordinate(0, 100_000),
  },
  PERSONAL_CLOCK_MESSAGES.invalidLocation,
);

/**
 * The body of `POST /api/personal/clock`. There is no field naming an employee (no PIN, no id):
 * the employee is the one linked to the session's account, and any other key is dropped by the
 * schema. `doorCode` is the door QR code of a paired kiosk (issue 36 point 6, decision 069): the
 * service checks it and, when valid, records the punch on site at that terminal.
 */
export const PersonalClockRequestSchema = v.object({
  action: v.picklist(CLOCK_ACTIONS, PUNCH_MESSAGES.invalidAction),
  workMode: v.picklist(WORK_MODES, PERSONAL_CLOCK_MESSAGES.invalidWorkMode),
  location: v.optional(PunchLocationSchema),
  doorCode: v.optional(v.pipe(v.string('validation.invalidInput'), v.maxLength(512, 'validation.invalidInput'))),
});
export type PersonalClockRequest = v.InferOutput<typeof PersonalClockRequestSchema>;

/** The company's switch and the employee's override (null = as the company says). */
export function personalClockAllowed(company: { personalClock: 0 | 1 | boolean }, employee: { personalClock: 'allowed' | 'denied' | null }): boolean {
  if (employee.personalClock === 'allowed') return true;
  if (employee.personalClock === 'denied') return false;
  return company.personalClock === 1 || company.personalClock === true;
}

/** Where the worker stands now, from their latest attendance: what the big buttons offer. */
export const PERSONAL_CLOCK_STATUSES = ['out', 'working', 'onBreak'] as const;
export type PersonalClockStatus = (typeof PERSONAL_CLOCK_STATUSES)[number];

export function personalClockStatus(open: { timeOut: string | null; breaks: readonly { endAt: string | null }[] } | undefined): PersonalClockStatus {
  if (!open || open.timeOut !== null) return 'out';
  return open.breaks.some((b) => b.endAt === null) ? 'onBreak' : 'working';
}

/** The actions a status offers (the clock engine still decides each punch). */
export const STATUS_ACTIONS: Record<PersonalClockStatus, readonly ClockAction[]> = {
  out: ['check-in'],
  working: ['break-in', 'check-out'],
  onBreak: ['break-out'],
};

/** One punch on the personal clock's list of today. */
export interface PersonalClockPunch {
  action: ClockAction;
  at: string;
  method: 'pin' | 'face' | 'card' | 'manual' | 'personal';
  /** The terminal's name for a kiosk punch; the device summary for a personal one. */
  where: string | null;
  workMode: PunchWorkMode | null;
  /** Proof of place (decision 068): null when nothing was asked. */
  place: PunchPlace | null;
}

/** What `/personal/clock` shows and `POST /api/personal/clock` answers after a punch (decision 067). */
export interface PersonalClockView {
  employee: { firstName: string; lastName: string };
  /** The company's switch and the employee's override say yes, and the employee is active. */
  allowed: boolean;
  status: PersonalClockStatus;
  /** The actions the status offers (the clock engine still decides each punch). */
  actions: readonly ClockAction[];
  /** The open day's work mode (set by its check-in), or null when out. */
  openWorkMode: PunchWorkMode | null;
  /** The local date (company zone) the list is of. */
  today: string;
  timeZone: string;
  /** The company's proof of place (decision 068): the page asks the browser for its position only at an on-site punch, and only when not `off`. */
  proofOfPlace: ProofOfPlaceMode;
  /** Punches since local midnight, or since the open day's check-in when that is earlier. */
  punches: PersonalClockPunch[];
  /**
   * A day closed today with overtime that nobody has marked, where the company lets its workers
   * choose: the question "paid or rest" (decision 070). Absent otherwise.
   */
  overtimeQuestion?: OvertimeQuestion;
}

/** The answer of `POST /api/personal/clock`: the punch's instant and where the worker stands after it. */
export interface PersonalPunchAnswer {
  message: string;
  /** Proof of place `warn` and the punch was outside every workplace: the translated notice (decision 068). */
  placeWarning?: string;
  time: string;
  state: PersonalClockView;
  /** After a check-out: the state's question "paid or rest", when there is one (decision 070). */
  overtimeQuestion?: OvertimeQuestion;
}

// The device summary is shared with the sessions list (decision 093): one rule, one place.
export { deviceSummary, MAX_DEVICE_CHARS } from '../auth/device-summary.ts';
