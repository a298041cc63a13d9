import type { ChainKind } from '../../domain/record-chain/record-chain.ts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { WorkFlag } from '../../domain/attendance/work-flag.ts';
import type { ProofOfPlaceMode, PunchPlace } from '../../domain/clock/proof-of-place.ts';

/**
 * Database types, in camelCase (the connection uses Kysely's CamelCasePlugin; tables and columns
 * are snake_case in SQL). Instants are ISO 8601 UTC strings, dates `YYYY-MM-DD`, times `HH:mm`,
 * durations integer seconds, booleans 0/1, JSON columns serialized text.
 */

type Id = Generated<number>;
type CreatedAt = ColumnType<string, string, never>;

export interface CompanyTable {
  id: Id;
  name: string;
  /** CIF/NIF printed on the monthly record (migration 0012). */
  taxId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Contribution account code (CCC), 11 digits, for the payroll export (migration 0030). */
  contributionAccountCode: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 = its workers may punch from their own session at /personal/clock (migration 0038, decision 067). */
  personalClock: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  /** 1 = the company's administrator accounts must sign in with a second factor (migration 0053, decision 090). */
  requireTwoFactor: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  /** Proof of place of personal punches (migration 0039, decision 068); `off` by default. */
  proofOfPlace: ColumnType<ProofOfPlaceMode, ProofOfPlaceMode | undefined, ProofOfPlaceMode>;
  /** Days a punch's raw position is kept (punch_positions), 90 by default. */
  positionRetentionDays: ColumnType<number, number | undefined, number>;
  /** 1 = its workers choose paid or rest for a day's overtime when they check out (migration 0041, decision 070). */
  workerOvertimeChoice: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface DepartmentTable {
  id: Id;
  name: string;
  companyId: number;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface JobTitleTable {
  id: Id;
  name: string;
  departmentId: number;
  companyId: number;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface LeaveTypeTable {
  id: Id;
  name: string;
  companyId: number;
  /** Yearly allowance in days; null means unlimited. */
  daysPerYear: number | null;
  /** Days earned per month worked; null = the allowance is granted up front (migration 0021). */
  accrualDaysPerMonth: ColumnType<number | null, number | null | undefined, number | null>;
  /** Most unused days carried into the next year; null = none (migration 0021). */
  carryOverMaxDays: ColumnType<number | null, number | null | undefined, number | null>;
  /** `MM-DD` of the next year after which carried days lapse; null = they do not (migration 0021). */
  carryOverExpiry: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: time off in lieu, drawn from the hours balance (migration 0018, decision 049). */
  drawsFromBalance: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface LeaveGroupTable {
  id: Id;
  name: string;
  description: string;
  status: 'active' | 'disabled';
  companyId: number;
  createdAt: CreatedAt;
  updatedAt: string;
}

/** A leave group's privilege: the leave types its members may take. */
export interface LeaveGroupLeaveTypeTable {
  leaveGroupId: number;
  leaveTypeId: number;
}

export interface EmployeeTable {
  id: Id;
  firstName: string;
  lastName: string;
  gender: string;
  civilStatus: string | null;
  height: number | null;
  weight: number | null;
  email: string;
  phone: string | null;
  birthday: string | null;
  nationalId: string;
  placeOfBirth: string | null;
  address: string | null;
  /** File name under DATA_DIR/uploads. */
  image: string | null;
  companyId: number;
  departmentId: number;
  jobTitleId: number;
  leaveGroupId: number;
  leavePrivilege: string | null;
  companyEmail: string | null;
  employmentType: 'regular' | 'trainee';
  employmentStatus: string | null;
  officialStartDate: string | null;
  /** Last day of employment (a leaver); null = still employed (migration 0021). */
  endDate: ColumnType<string | null, string | null | undefined, string | null>;
  dateRegularized: string | null;
  /** HMAC-SHA256(pepper, pin), hex. The PIN itself is never stored. */
  pinKey: string;
  rfidCard: string | null;
  status: 'active' | 'archived';
  biometricConsentAt: string | null;
  biometricConsentBy: number | null;
  /** Social security number (NAF), 12 digits without separators (migration 0012). */
  socialSecurityNumber: ColumnType<string | null, string | null | undefined, string | null>;
  workingDayType: ColumnType<WorkingDayType, WorkingDayType | undefined, WorkingDayType>;
  /** Part-time percentage of a full working day, 1–99; null when full time. */
  partTimePercent: ColumnType<number | null, number | null | undefined, number | null>;
  /** Professional group or category of the collective agreement, and contract type, free text (migration 0030). */
  professionalCategory: ColumnType<string | null, string | null | undefined, string | null>;
  contractType: ColumnType<string | null, string | null | undefined, string | null>;
  /** The personal clock for this employee against the company's choice; null = as the company says (migration 0038). */
  personalClock: ColumnType<PersonalClockOverride | null, PersonalClockOverride | null | undefined, PersonalClockOverride | null>;
  /** When the retention purge removed this person's data (migration 0050, decision 083); null = not purged. */
  purgedAt: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: string;
}

export type WorkingDayType = 'full-time' | 'part-time';
export type WorkMode = 'on-site' | 'remote';
export type PersonalClockOverride = 'allowed' | 'denied';
export type OvertimeCompensation = 'paid' | 'rest';
export type OvertimeMarkedBy = 'worker' | 'administrator';

export interface FaceDescriptorTable {
  id: Id;
  employeeId: number;
  /** 128 little-endian float32 values. */
  descriptor: Uint8Array;
  image: string | null;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface ScheduleTable {
  id: Id;
  employeeId: number;
  startTime: string;
  offTime: string;
  totalHours: number;
  /** JSON array of weekday names, e.g. ["Saturday","Sunday"]. */
  restDays: string;
  fromDate: string;
  toDate: string | null;
  status: 'current' | 'previous';
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface AttendanceTable {
  id: Id;
  employeeId: number;
  /** Local work date in the company's time zone: the date on which the shift started. */
  date: string;
  timezone: string;
  timeIn: string;
  timeOut: string | null;
  /** Worked seconds (check-in to check-out less breaks), null while the day is open. */
  workedSeconds: number | null;
  breakSeconds: number;
  statusIn: 'on_time' | 'late' | null;
  lateSeconds: number;
  earlyDepartureSeconds: number;
  reason: string | null;
  source: 'clock' | 'manual';
  /** Work outside the schedule (decision 032): 'rest-day' | 'unscheduled'; null = a scheduled shift. */
  workFlag: ColumnType<WorkFlag | null, WorkFlag | null | undefined, WorkFlag | null>;
  revision: number;
  /** On site (the clock's) or remote, per day (migration 0012). */
  workMode: ColumnType<WorkMode, WorkMode | undefined, WorkMode>;
  /** How the day's overtime is compensated; null = not marked yet. */
  overtimeCompensation: ColumnType<OvertimeCompensation | null, OvertimeCompensation | null | undefined, OvertimeCompensation | null>;
  /** Who set `overtimeCompensation`: the worker's own choice or an administrator (migration 0041, decision 070); null = no mark, or set before 0041. */
  overtimeMarkedBy: ColumnType<OvertimeMarkedBy | null, OvertimeMarkedBy | null | undefined, OvertimeMarkedBy | null>;
  /** Why the day's overtime is force majeure (art. 35.3 ET; migration 0048, decision 081); null = not. Never in the 80 h cap. */
  overtimeForceMajeure: ColumnType<string | null, string | null | undefined, string | null>;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: string;
  /** Voided (decision 033): when, by which user and why; a voided day is kept but counts for nothing. */
  voidedAt: ColumnType<string | null, string | null | undefined, string | null>;
  voidedBy: ColumnType<number | null, number | null | undefined, number | null>;
  voidReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The voiding reason's random salt and SHA-256(salt + reason), chained instead of the text (migration 0050, decision 083); null before. */
  voidReasonSalt: ColumnType<string | null, string | null | undefined, string | null>;
  voidReasonDigest: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 = closed by the automatic clock-out at its scheduled end (decision 056) until an administrator corrects the day. */
  closedAutomatically: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
}

export interface AttendanceBreakTable {
  id: Id;
  attendanceId: number;
  startAt: string;
  endAt: string | null;
}

/**
 * One revision of an attendance (append-only: triggers refuse UPDATE and DELETE). Revision 1 is
 * the attendance as first recorded; each manual correction adds the next with its author and reason.
 */
export interface AttendanceRevisionTable {
  id: Id;
  attendanceId: number;
  revision: number;
  timeIn: string;
  timeOut: string | null;
  /** JSON array of {startAt, endAt}. */
  breaks: string;
  workedSeconds: number | null;
  reason: string | null;
  /** The reason's random salt and SHA-256(salt + reason), chained instead of the text (migration 0050, decision 083); null before. */
  reasonSalt: ColumnType<string | null, string | null | undefined, string | null>;
  reasonDigest: ColumnType<string | null, string | null | undefined, string | null>;
  authorId: number | null;
  createdAt: CreatedAt;
}

/** A worker's request to correct their own day (migration 0011, decision 034). */
export interface AttendanceCorrectionRequestTable {
  id: Id;
  employeeId: number;
  attendanceId: number | null;
  date: string;
  timezone: string;
  kind: 'missingDay' | 'missingCheckOut' | 'wrongTime';
  timeIn: string;
  timeOut: string | null;
  breakIn: string | null;
  breakOut: string | null;
  reason: string;
  status: 'pending' | 'approved' | 'declined' | 'withdrawn';
  decidedBy: number | null;
  decidedAt: string | null;
  comment: string | null;
  appliedRevision: number | null;
  createdBy: number;
  createdAt: string;
}

/** The worker's answer to a correction an administrator made (migration 0011, decision 034). */
export interface AttendanceCorrectionAcceptanceTable {
  id: Id;
  attendanceId: number;
  revision: number;
  employeeId: number;
  status: 'pending' | 'accepted' | 'rejected' | 'superseded';
  dueAt: string;
  comment: string | null;
  /** Migration 0051 (decision 083): random salt and SHA-256(salt + comment), chained instead of the comment; null without a comment. The purge clears comment and salt. */
  commentSalt: string | null;
  commentDigest: string | null;
  answeredBy: number | null;
  answeredAt: string | null;
  createdAt: string;
}

/** Every punch as it happened, append-only (a correction is a new attendance revision). */
export interface PunchTable {
  id: Id;
  employeeId: number;
  attendanceId: number | null;
  action: 'check-in' | 'check-out' | 'break-in' | 'break-out';
  at: string;
  method: 'pin' | 'face' | 'card' | 'manual' | 'personal';
  /** The terminal's name at punch time. */
  terminal: string | null;
  terminalId: Generated<number | null>;
  /** The terminal's sequence number of a punch kept offline and sent later (migration 0017); null when live. */
  offlineSeq: ColumnType<number | null, number | null | undefined, never>;
  /** A personal punch's work mode (migration 0038, decision 067); null for a kiosk punch. */
  workMode: ColumnType<WorkMode | null, WorkMode | null | undefined, never>;
  /** A personal punch's device: a short summary of the browser's user agent; null for a kiosk punch. */
  device: ColumnType<string | null, string | null | undefined, never>;
  /** Proof of place (migration 0039, decision 068): null when nothing was asked (kiosk, remote, off). */
  place: ColumnType<PunchPlace | null, PunchPlace | null | undefined, never>;
  /** The workplace the punch was inside (with place `inside`). */
  workplaceId: ColumnType<number | null, number | null | undefined, never>;
  createdAt: CreatedAt;
}

/** A company's place of work, for proof of place (migration 0039, decision 068). */
export interface WorkplaceTable {
  id: Id;
  companyId: number;
  name: string;
  lat: number;
  lng: number;
  radiusM: number;
  createdAt: CreatedAt;
  updatedAt: string;
}

/** The raw position of a personal punch, deleted after the company's retention days (decision 068). */
export interface PunchPositionTable {
  punchId: number;
  lat: number;
  lng: number;
  accuracy: number;
  createdAt: CreatedAt;
}

export type ClockConflictStatus = 'open' | 'resolved' | 'dismissed';

/** A late punch the server could not apply, for an administrator (migration 0017, decision 046). */
export interface ClockConflictTable {
  id: Id;
  companyId: number | null;
  terminalId: number | null;
  terminalName: string;
  /** The worker's device of a personal punch kept offline (migration 0042, decision 071); null for a terminal's. */
  personalDeviceId: ColumnType<number | null, number | null | undefined, number | null>;
  seq: number;
  seqTo: number | null;
  employeeId: number | null;
  action: 'check-in' | 'check-out' | 'break-in' | 'break-out' | null;
  method: 'pin' | 'card' | 'personal' | null;
  at: string | null;
  deviceAt: string | null;
  reason: string;
  /** JSON {code, params} of a clock engine refusal (stored-formats.ts). */
  detail: string | null;
  status: ColumnType<ClockConflictStatus, ClockConflictStatus | undefined, ClockConflictStatus>;
  resolutionNote: string | null;
  resolvedBy: number | null;
  resolvedAt: string | null;
  attendanceId: number | null;
  createdAt: CreatedAt;
}

/** An employee's approved (locked) or reopened period (migration 0020, decision 051). */
export interface PeriodApprovalTable {
  id: Id;
  employeeId: number;
  /** Local dates, inclusive. */
  dateFrom: string;
  dateTo: string;
  status: 'approved' | 'reopened';
  approvedBy: number | null;
  approvedAt: string;
  reopenedBy: number | null;
  reopenedAt: string | null;
  reopenReason: string | null;
  /** The reopen reason's random salt and SHA-256(salt + reason), chained instead of the text (migration 0050, decision 083); null before. */
  reopenReasonSalt: ColumnType<string | null, string | null | undefined, string | null>;
  reopenReasonDigest: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A legal hold (migration 0050, decision 083): while unreleased, the retention purge skips the people it covers. */
export interface LegalHoldTable {
  id: Id;
  companyId: number;
  /** Null: the whole company. */
  employeeId: number | null;
  reason: string;
  setBy: number | null;
  setAt: string;
  releasedBy: ColumnType<number | null, number | null | undefined, number | null>;
  releasedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The figures frozen by an approval (migration 0031, decision 051 update of issue 33); JSON through db/stored-formats.ts. */
export interface ApprovalSnapshotTable {
  id: Id;
  approvalId: number;
  employeeId: number;
  dateFrom: string;
  dateTo: string;
  /** The payroll row's figures (PayrollMonth), canonical JSON. */
  payroll: string;
  /** The monthly record's totals (MonthlyRecordTotals), canonical JSON. */
  totals: string;
  createdAt: string;
  /** When a reopen superseded it (kept as history); null while it is the approval's current snapshot. */
  supersededAt: string | null;
}

/** The answer given for each (terminal, sequence number) received (migration 0017). */
export interface OfflineReceiptTable {
  terminalId: number;
  seq: number;
  status: 'recorded' | 'repeat' | 'conflict';
  punchId: number | null;
  conflictId: number | null;
  time: string | null;
  receivedAt: string;
}

/** A worker's device that sent personal punches kept offline (migration 0042, decision 071). */
export interface PersonalDeviceTable {
  id: Id;
  userId: number;
  /** The random id the browser chose for its queue. */
  device: string;
  /** A short summary of its browser (deviceSummary). */
  summary: string;
  /** Highest offline sequence number accepted from the device. */
  lastSeq: Generated<number>;
  createdAt: string;
  lastSeenAt: string;
}

/** The answer given for each (personal device, sequence number) received (migration 0042). */
export interface PersonalOfflineReceiptTable {
  deviceId: number;
  seq: number;
  status: 'recorded' | 'repeat' | 'conflict';
  punchId: number | null;
  conflictId: number | null;
  time: string | null;
  receivedAt: string;
}

/** One entry of a company's tamper-evident record chain (decision 033; append-only). */
export interface RecordChainTable {
  id: Id;
  companyId: number;
  seq: number;
  kind: ChainKind;
  refId: number;
  payload: string;
  prevHash: string;
  hash: string;
  createdAt: CreatedAt;
}

/** A clock snapshot kept with a face punch (setting `punchPhoto`), deleted after the retention period. */
export interface PunchPhotoTable {
  id: Id;
  punchId: number;
  employeeId: number;
  /** File name under DATA_DIR/uploads/punch-photos (`<photo id>.jpg`). */
  file: string;
  createdAt: CreatedAt;
}

export interface LeaveTable {
  id: Id;
  employeeId: number;
  leaveTypeId: number;
  fromDate: string;
  toDate: string;
  reason: string;
  returnDate: string | null;
  status: 'pending' | 'approved' | 'declined';
  comment: string | null;
  decidedBy: number | null;
  decidedAt: string | null;
  /** The account that asked for it (migration 0036, four eyes); null when unknown. */
  requestedBy: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface RoleTable {
  id: Id;
  name: string;
  companyId: number | null;
  /** JSON object: resource -> allowed actions. */
  permissions: string;
  /** 1 for the default roles a company gets. */
  isDefault: number;
  createdAt: CreatedAt;
  updatedAt: string;
}

export type AccountType = 'SuperAdmin' | 'Admin' | 'Employee';

export interface UserTable {
  id: Id;
  name: string;
  /** Stored lower-cased; unique. */
  email: string;
  passwordHash: string;
  roleId: number;
  status: 'enabled' | 'disabled';
  accountType: AccountType;
  companyId: number | null;
  employeeId: number | null;
  image: string | null;
  /** Language of the emails this user receives; null = the instance default (migration 0022). */
  language: Generated<string | null>;
  /** Bumped (with the user's session rows deleted) to end every session: password change, disable, account type. */
  sessionVersion: Generated<number>;
  lastSignInAt: string | null;
  createdAt: CreatedAt;
  updatedAt: string;
  /** The TOTP secret sealed in the secret box (migration 0053, decision 090); null = none. */
  totpSecretSealed: Generated<string | null>;
  /** When TOTP was turned on; null while set-up is unfinished or off. */
  totpEnabledAt: Generated<string | null>;
  /** The last 30-second step whose code was accepted: a code works once. */
  totpLastStep: Generated<number | null>;
}

/** Effective-dated break rules (decision 050, update of issue 33): one row per change. */
export interface BreakRulesHistoryTable {
  id: Id;
  /** YYYY-MM-DD the rules apply from, until the next change. */
  effectiveFrom: string;
  /** The BreakRules, JSON written by `stored-formats.ts`. */
  rules: string;
  createdAt: string;
  authorId: number | null;
}

/** Effective-dated contract terms of an employee (issue 33 point 1, migration 0034): one row per change. */
export interface ContractTermsHistoryTable {
  id: Id;
  employeeId: number;
  /** YYYY-MM-DD the terms apply from, until the next change ('0000-01-01': from the beginning). */
  effectiveFrom: string;
  workingDayType: WorkingDayType;
  /** 1–99 for part time; null for full time. */
  partTimePercent: number | null;
  createdAt: string;
  authorId: number | null;
}

/** A waiting or on-call period (issue 38 point 1, decision 080, migration 0047): not work, except its called-in part. */
export interface StandbyPeriodTable {
  id: Id;
  employeeId: number;
  kind: 'waiting' | 'on_call';
  startAt: string;
  endAt: string;
  /** Local work date of `startAt` in `timezone`. */
  date: string;
  timezone: string;
  /** The called-in part, seconds of work inside the period. */
  calledInSeconds: Generated<number>;
  source: 'personal' | 'manual';
  authorId: number | null;
  /** Free text, not chained (as an attendance's reason). */
  note: string | null;
  createdAt: string;
}

/** The worker contacted outside working hours (issue 38 point 1, migration 0047): work done counts as work. */
export interface DisconnectionInterruptionTable {
  id: Id;
  employeeId: number;
  at: string;
  date: string;
  timezone: string;
  channel: 'phone' | 'message' | 'email' | 'other';
  durationSeconds: number;
  /** 1 = work was done: `durationSeconds` is work. */
  workDone: number;
  source: 'personal' | 'manual';
  authorId: number | null;
  note: string | null;
  createdAt: string;
}

/** An employee's pact of complementary hours (art. 12.5 ET; migration 0048, decision 081): add-only, chained as 'pact'. */
export interface ComplementaryPactTable {
  id: Id;
  employeeId: number;
  signedOn: string;
  validFrom: string;
  /** Last day it applies (inclusive); null = open-ended. */
  validTo: string | null;
  /** 1–60: share of the contract's ordinary hours. */
  sharePercent: number;
  /** 1 = the collective agreement raises the limits (60 % pact, 30 % voluntary). */
  collectiveAgreement: ColumnType<number, number | undefined, number>;
  createdAt: string;
  authorId: number | null;
}

/** Voluntary complementary hours offered for a date and the worker's answer (migration 0048, decision 081): chained as 'offer'. */
export interface ComplementaryOfferTable {
  id: Id;
  employeeId: number;
  date: string;
  seconds: number;
  status: ColumnType<'offered' | 'accepted' | 'declined', 'offered' | 'accepted' | 'declined' | undefined, 'offered' | 'accepted' | 'declined'>;
  offeredBy: number | null;
  offeredAt: string;
  answeredAt: string | null;
}

/** A company's named shift (migration 0052, decision 085). Times `HH:mm` local; an end not after the start ends the next day. */
export interface ShiftTemplateTable {
  id: Id;
  companyId: number;
  departmentId: number | null;
  name: string;
  startTime: string;
  endTime: string;
  breakMinutes: ColumnType<number, number | undefined, number>;
  /** `#rrggbb`. */
  colour: string;
  archived: ColumnType<number, number | undefined, number>;
  createdAt: string;
  updatedAt: string;
}

/** The roster as planned, the draft (migration 0052): `employeeId` null = an open shift; `published` 1 while it reads as last published. */
export interface RosterShiftTable {
  id: Id;
  companyId: number;
  departmentId: number;
  employeeId: number | null;
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes: ColumnType<number, number | undefined, number>;
  templateId: number | null;
  published: ColumnType<number, number | undefined, number>;
  createdAt: string;
  updatedAt: string;
  updatedBy: number | null;
}

/** The published plan of an employee's date (migration 0052): a shift or a rest day; chained as 'shift' and period-locked. */
export interface PlannedDayTable {
  id: Id;
  employeeId: number;
  date: string;
  kind: 'shift' | 'rest';
  startTime: string | null;
  endTime: string | null;
  breakMinutes: ColumnType<number, number | undefined, number>;
  publishedAt: string;
  publishedBy: number | null;
}

/** One publication of a department's dates (migration 0052). */
export interface RosterPublicationTable {
  id: Id;
  companyId: number;
  departmentId: number;
  dateFrom: string;
  dateTo: string;
  changedDays: ColumnType<number, number | undefined, number>;
  publishedAt: string;
  publishedBy: number | null;
}

/** Staff needed per template and ISO weekday (1 = Monday) in a department (migration 0052). */
export interface CoverageNeedTable {
  id: Id;
  templateId: number;
  departmentId: number;
  weekday: number;
  staff: number;
}

/** A worker's claim of a published open shift (migration 0052). */
export interface OpenShiftClaimTable {
  id: Id;
  shiftId: number;
  employeeId: number;
  status: ColumnType<'pending' | 'approved' | 'declined' | 'withdrawn', 'pending' | 'approved' | 'declined' | 'withdrawn' | undefined, 'pending' | 'approved' | 'declined' | 'withdrawn'>;
  createdAt: string;
  decidedBy: number | null;
  decidedAt: string | null;
}

export type ShiftSwapStatus = 'proposed' | 'accepted' | 'declined' | 'approved' | 'rejected' | 'cancelled';

/** A swap a worker proposes to a colleague (migration 0052): `otherShiftId` null = the colleague takes the shift. */
export interface ShiftSwapTable {
  id: Id;
  shiftId: number;
  fromEmployeeId: number;
  toEmployeeId: number;
  otherShiftId: number | null;
  status: ColumnType<ShiftSwapStatus, ShiftSwapStatus | undefined, ShiftSwapStatus>;
  note: string | null;
  createdAt: string;
  answeredAt: string | null;
  decidedBy: number | null;
  decidedAt: string | null;
}

/** A worker's private iCalendar feed (migration 0052): only the SHA-256 of its secret is kept. */
export interface CalendarFeedTable {
  id: Id;
  employeeId: number;
  tokenDigest: string;
  createdAt: string;
}

export interface SettingTable {
  key: string;
  /** JSON value. */
  value: string;
  updatedAt: string;
}

/** Append-only: triggers refuse UPDATE and DELETE. */
export interface AuditLogTable {
  id: Id;
  at: string;
  userId: number | null;
  entity: string;
  entityId: string | null;
  action: string;
  before: string | null;
  after: string | null;
  reason: string | null;
  /** The API token the write went through (its creator is `userId`); null otherwise (migration 0056, decision 096). */
  apiTokenId: number | null;
}

export interface FeedbackTable {
  id: Id;
  userId: number | null;
  message: string;
  createdAt: CreatedAt;
}

export interface HolidayTable {
  id: Id;
  name: string;
  date: string;
  companyId: number;
  createdAt: CreatedAt;
  updatedAt: string;
}

/** The getting-started guide's memory per user (null = has not happened). */
export interface UserGuideTable {
  userId: number;
  startedAt: string | null;
  /** No longer written or read (issue 37.1: opening the clock no longer completes the guide). */
  clockOpenedAt: string | null;
  dismissedAt: string | null;
  celebratedAt: string | null;
  updatedAt: string;
}

/** A server-side session (decision 023); the sealed token carries its `id`. */
export interface SessionTable {
  /** Random, 32 bytes base64url. */
  id: string;
  userId: number;
  /** The user's session version when the session began; a later bump ends it. */
  sessionVersion: number;
  createdAt: string;
  expiresAt: string;
  userAgent: string | null;
  address: string | null;
  /** Last request seen on the session, written at most once a minute (migration 0053). */
  lastSeenAt: Generated<string | null>;
  /** How it was signed in: `password`, `password+totp`, `password+recovery`, `password+passkey`, `passkey`, `oidc`. */
  method: Generated<string | null>;
  /** The browser (`user_devices`) it was started from. */
  deviceId: Generated<number | null>;
}

/** Single-use recovery codes of an account's second factor, by SHA-256 (migration 0053, decision 090). */
export interface RecoveryCodeTable {
  id: Id;
  userId: number;
  codeHash: string;
  createdAt: string;
  usedAt: string | null;
}

/** WebAuthn credentials (migration 0053, decision 091); ids and keys base64url. */
export interface PasskeyTable {
  id: Id;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: Generated<number>;
  /** JSON array of AuthenticatorTransport, or null. */
  transports: string | null;
  deviceType: string | null;
  backedUp: Generated<0 | 1>;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Short-lived state of a sign-in ceremony (migration 0053): a sign-in waiting for its second
 * factor, a WebAuthn challenge, an OpenID Connect state. Keyed by the SHA-256 of the id the
 * browser holds; `data` is JSON; used once (taken by a conditional delete).
 */
export interface AuthChallengeTable {
  idHash: string;
  kind: string;
  userId: number | null;
  data: string;
  createdAt: string;
  expiresAt: string;
}

/** An account's link to an OpenID Connect subject (migration 0053, decision 092). */
export interface UserIdentityTable {
  id: Id;
  userId: number;
  issuer: string;
  subject: string;
  email: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A browser that signed in to an account, by the SHA-256 of its device cookie (migration 0053, decision 093). */
export interface UserDeviceTable {
  id: Id;
  userId: number;
  tokenHash: string;
  userAgent: string | null;
  address: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  /** Until when the second factor is not asked on this browser ("remember this device"); null = not trusted. */
  trustedUntil: string | null;
}

/** An employee's one-time link to create their own account (migration 0037, decision 066). */
export interface InvitationTable {
  id: Id;
  employeeId: number;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  tokenHash: string;
  /** The address the account signs in with (the employee's email when invited). */
  email: string;
  /** Sent by email, or handed over on the printed sheet (QR code). */
  delivery: 'email' | 'sheet';
  createdBy: number | null;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  /** The account the acceptance created. */
  userId: number | null;
  revokedAt: string | null;
  revokedBy: number | null;
}

/** A one-time link to choose a new password (migration 0037, decision 066). */
export interface PasswordResetTable {
  id: Id;
  userId: number;
  /** SHA-256 (hex) of the token. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** A read-only link for the labour inspectorate (decision 036). */
export interface InspectionLinkTable {
  id: Id;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  tokenHash: string;
  /** The company whose records it shows; null = every company. */
  companyId: number | null;
  label: string | null;
  createdBy: number | null;
  createdAt: CreatedAt;
  expiresAt: string;
  revokedAt: string | null;
  revokedBy: number | null;
  lastUsedAt: string | null;
  uses: Generated<number>;
}

/** An API token (decision 057): only its SHA-256 is kept; `permissions` is a JSON permission set. */
export interface ApiTokenTable {
  id: Id;
  name: string;
  tokenHash: string;
  /** The token's first characters (`jt_` + 4), shown to tell tokens apart. */
  hint: string;
  userId: number;
  permissions: string;
  createdAt: CreatedAt;
  expiresAt: string;
  revokedAt: string | null;
  revokedBy: number | null;
  lastUsedAt: string | null;
}

/** A clock terminal (decision 042): only hashes of its credential and pairing code are kept. */
export interface TerminalTable {
  id: Id;
  companyId: number | null;
  name: string;
  location: Generated<string>;
  /** JSON array of "face" | "pin" | "badge". */
  methods: string;
  credentialHash: string | null;
  pairingCodeHash: string | null;
  pairingExpiresAt: string | null;
  pairedAt: string | null;
  revokedAt: string | null;
  revokedBy: number | null;
  lastSeenAt: string | null;
  /** Highest offline sequence number accepted from the device. */
  lastSeq: Generated<number>;
  /** 1 = the kiosk shows the door QR code (migration 0040, decision 069). */
  doorCode: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** A webhook (migration 0026, decision 058). */
export interface WebhookTable {
  id: Id;
  /** The creator's company; null: every company's events. */
  companyId: number | null;
  url: string;
  description: Generated<string>;
  /** JSON array of event names (domain/webhooks/webhook-events.ts). */
  events: string;
  /** The signing secret, sealed (services/webhooks/webhook-secret.ts). */
  secret: string;
  enabled: Generated<number>;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
  /** Failed delivery attempts in a row; 0 after a success (migration 0055, decision 094). */
  failureStreak: Generated<number>;
  /** When the first of those failures happened; null after a success. */
  failingSince: Generated<string | null>;
  /** Set when the receiver kept failing: its deliveries wait until an administrator resumes it. */
  pausedAt: Generated<string | null>;
  /** What a delivery posts: `jornada` (the signed event), `slack` or `teams` (a chat message; migration 0057). */
  format: Generated<string>;
}

/** One use of an inspection link (append-only). */
export interface InspectionLinkUseTable {
  id: Id;
  linkId: number;
  at: string;
  address: string | null;
  /** What was viewed, e.g. `record 2026-05 employee=3 html`. */
  viewed: string;
}

/** An employee's acknowledgement of a month's record (decision 036). */
export interface RecordAcknowledgementTable {
  id: Id;
  employeeId: number;
  /** YYYY-MM. */
  month: string;
  acknowledgedAt: string;
  userId: number | null;
  workedSeconds: number;
  overtimeSeconds: number;
  attendedDays: number;
  absentDays: number;
  leaveDays: number;
  /** SHA-256 (hex) of the record's days and totals as shown. */
  digest: string;
  /** SHA-256 (hex) of the month's figures as received (decision 077); null before migration 0046. */
  figuresDigest: string | null;
  /** The company's record-chain head (seq) at receipt (decision 077); null before migration 0046. */
  chainSeq: number | null;
}

/** One row rewritten by the health check's write probe (decision 040). */
export interface HealthProbeTable {
  id: number;
  checkedAt: string;
}

export interface SchemaMigrationTable {
  name: string;
  appliedAt: string;
}

export interface Database {
  companies: CompanyTable;
  departments: DepartmentTable;
  jobTitles: JobTitleTable;
  leaveTypes: LeaveTypeTable;
  leaveGroups: LeaveGroupTable;
  leaveGroupLeaveTypes: LeaveGroupLeaveTypeTable;
  employees: EmployeeTable;
  faceDescriptors: FaceDescriptorTable;
  schedules: ScheduleTable;
  attendances: AttendanceTable;
  attendanceBreaks: AttendanceBreakTable;
  attendanceRevisions: AttendanceRevisionTable;
  attendanceCorrectionRequests: AttendanceCorrectionRequestTable;
  attendanceCorrectionAcceptances: AttendanceCorrectionAcceptanceTable;
  punches: PunchTable;
  clockConflicts: ClockConflictTable;
  periodApprovals: PeriodApprovalTable;
  approvalSnapshots: ApprovalSnapshotTable;
  offlineReceipts: OfflineReceiptTable;
  personalDevices: PersonalDeviceTable;
  personalOfflineReceipts: PersonalOfflineReceiptTable;
  recordChain: RecordChainTable;
  punchPhotos: PunchPhotoTable;
  workplaces: WorkplaceTable;
  punchPositions: PunchPositionTable;
  leaves: LeaveTable;
  roles: RoleTable;
  users: UserTable;
  settings: SettingTable;
  breakRulesHistory: BreakRulesHistoryTable;
  contractTermsHistory: ContractTermsHistoryTable;
  standbyPeriods: StandbyPeriodTable;
  disconnectionInterruptions: DisconnectionInterruptionTable;
  complementaryPacts: ComplementaryPactTable;
  complementaryOffers: ComplementaryOfferTable;
  shiftTemplates: ShiftTemplateTable;
  rosterShifts: RosterShiftTable;
  plannedDays: PlannedDayTable;
  rosterPublications: RosterPublicationTable;
  coverageNeeds: CoverageNeedTable;
  openShiftClaims: OpenShiftClaimTable;
  shiftSwaps: ShiftSwapTable;
  calendarFeeds: CalendarFeedTable;
  auditLog: AuditLogTable;
  feedback: FeedbackTable;
  holidays: HolidayTable;
  userGuide: UserGuideTable;
  sessions: SessionTable;
  recoveryCodes: RecoveryCodeTable;
  passkeys: PasskeyTable;
  authChallenges: AuthChallengeTable;
  userIdentities: UserIdentityTable;
  userDevices: UserDeviceTable;
  inspectionLinks: InspectionLinkTable;
  legalHolds: LegalHoldTable;
  invitations: InvitationTable;
  passwordResets: PasswordResetTable;
  apiTokens: ApiTokenTable;
  terminals: TerminalTable;
  webhooks: WebhookTable;
  inspectionLinkUses: InspectionLinkUseTable;
  recordAcknowledgements: RecordAcknowledgementTable;
  healthProbe: HealthProbeTable;
  schemaMigrations: SchemaMigrationTable;
  instanceMeta: InstanceMetaTable;
  outbox: OutboxTable;
  notificationSettings: NotificationSettingTable;
  notificationMutes: NotificationMuteTable;
  sharedState: SharedStateTable;
}

/** Limiter and challenge state shared by every app server (migration 0027, decision 060). */
export interface SharedStateTable {
  scope: string;
  key: string;
  /** JSON, read and written only by db/shared-state.ts. */
  value: string;
  /** Epoch ms after which the row may be deleted. */
  expiresAt: number;
}

/** One email or webhook delivery (migration 0022, decision 054). */
export interface OutboxTable {
  id: Id;
  channel: 'email' | 'webhook';
  /** A notification kind (email) or a webhook event. */
  kind: string;
  companyId: number | null;
  /** Unique when set: the same event queues its message once. */
  dedupeKey: string | null;
  /** An email address or a webhook URL. */
  recipient: string;
  language: string | null;
  /** JSON: the email content, or the webhook's id and body. */
  payload: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'discarded';
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** The queue it waits in: `email`, or `webhook:<id>` (migration 0055, decision 094). */
  lane: Generated<string>;
}

/** A company's choice for one notification kind (no row = the kind's default). */
export interface NotificationSettingTable {
  companyId: number;
  kind: string;
  enabled: number;
  toManagers: Generated<number>;
  minutes: number | null;
  updatedAt: string;
}

/** An optional notification kind a user chose not to receive. */
export interface NotificationMuteTable {
  userId: number;
  kind: string;
}

/** Facts about the instance (migration 0014): `secrets_fingerprint` = HMAC(pinPepper, label), decision 039. */
export interface InstanceMetaTable {
  key: string;
  value: string;
  updatedAt: string;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Role = Selectable<RoleTable>;
export type Company = Selectable<CompanyTable>;
