import { CLOCK_MESSAGES } from '../messages/spec-messages.ts';

/**
 * Clock messages that the spec does not word (i18n namespace `punch`); the spec's own clock
 * messages stay in CLOCK_MESSAGES.
 */
export const PUNCH_MESSAGES = {
  onLeave: 'punch.onLeave',
  /** A check-in at a time that belongs to none of the employee's shifts (decision 032). */
  outsideShift: 'punch.outsideShift',
  unknownPin: 'punch.unknownPin',
  unknownCard: 'punch.unknownCard',
  employeeArchived: 'punch.employeeArchived',
  tooManyAttempts: 'punch.tooManyAttempts',
  tooManyAttemptsSeconds: 'punch.tooManyAttemptsSeconds',
  cardClockOff: 'punch.cardClockOff',
  faceClockUnavailable: 'punch.faceClockUnavailable',
  /** Face punch challenges and the snapshot's faces (decision 043). */
  challengeInvalid: 'punch.challengeInvalid',
  framesReplayed: 'punch.framesReplayed',
  snapshotNoFace: 'punch.snapshotNoFace',
  snapshotManyFaces: 'punch.snapshotManyFaces',
  /** Issue 34.4: a face punch carries its frame, whose descriptor the server computes. */
  faceFrameRequired: 'punch.faceFrameRequired',
  faceCheckUnavailable: 'punch.faceCheckUnavailable',
  oneIdentifier: 'punch.oneIdentifier',
  invalidAction: 'punch.invalidAction',
  invalidCard: 'punch.invalidCard',
} as const;

/** Every reason the clock engine can refuse a punch: one i18n key per message. */
export type PunchRefusalCode =
  | typeof CLOCK_MESSAGES.alreadyCheckedIn
  | typeof CLOCK_MESSAGES.noActiveSchedule
  | typeof CLOCK_MESSAGES.restDayToday
  | typeof CLOCK_MESSAGES.noAttendanceData
  | typeof CLOCK_MESSAGES.alreadyLeftWork
  | typeof CLOCK_MESSAGES.alreadyTookBreak
  | typeof CLOCK_MESSAGES.didNotStartBreak
  | typeof CLOCK_MESSAGES.currentlyOnBreak
  | typeof CLOCK_MESSAGES.alreadyFinishedBreak
  | typeof PUNCH_MESSAGES.onLeave
  | typeof PUNCH_MESSAGES.outsideShift
  /** The day lies in an approved period (decision 051); checked by the service, not the engine. */
  | 'periods.locked';
