import type { InferOutput } from 'valibot';
import type { EmployeeRecord } from './contracts/employees.ts';
import type { LeaveRecord } from './contracts/leaves.ts';
import type { ScheduleRecord } from './contracts/schedules.ts';
import type { RoleRecord, UserRecord } from './contracts/users.ts';
import type { CompanyRecord, DepartmentRecord, HolidayRecord, JobTitleRecord, LeaveGroupRecord, LeaveTypeRecord } from './contracts/org.ts';
import type { BreakInstants } from '../attendance/shift-times.ts';
import type { WorkFlag } from '../attendance/work-flag.ts';

/**
 * The records of the JSON API as the server answers them (type-only): repositories build them,
 * islands and pages receive them. Field names are the spec's in camelCase, references are ids.
 */

/** An employee as the API shows it: references as ids plus their names; never the PIN key. */
export type EmployeeDto = InferOutput<typeof EmployeeRecord>;

/** A work schedule as the API answers it (its schema is the contract's `ScheduleRecord`). */
export type ScheduleDto = InferOutput<typeof ScheduleRecord>;

/** An attendance as the API shows it (spec section 3): instants ISO 8601 UTC, durations seconds. */
export interface AttendanceDto {
  _id: number;
  employee: number;
  employeeName: string;
  nationalId: string;
  department: number;
  departmentName: string;
  /** Local work date (the day the shift started). */
  date: string;
  timezone: string;
  timeIn: string;
  timeOut: string | null;
  /** The first break's start and end (the list's break in/out columns). */
  breakIn: string | null;
  breakOut: string | null;
  breakSeconds: number;
  workedSeconds: number | null;
  /** Worked hours, rounded to hundredths; null while the day is open. */
  totalHours: number | null;
  /** "in" while the day is open (no check-out yet), "out" once closed. */
  statusInOut: 'in' | 'out';
  /** Open, from an earlier date, and no longer the shift being worked: a forgotten check-out. */
  missingCheckOut: boolean;
  /** Closed by the automatic clock-out at its scheduled end (decision 056), until an administrator corrects it. */
  closedAutomatically: boolean;
  statusIn: 'on_time' | 'late' | null;
  lateSeconds: number;
  earlyDepartureSeconds: number;
  reason: string | null;
  source: 'clock' | 'manual';
  /** Work outside the schedule (decision 032); null = a scheduled shift. */
  workFlag: WorkFlag | null;
  revision: number;
  /** On site (the clock's default) or remote (decision 035). */
  workMode: 'on-site' | 'remote';
  /** Overtime paid or compensated with rest; null = not marked. */
  overtimeCompensation: 'paid' | 'rest' | null;
  /** On-site personal punches of the day made outside every workplace (proof of place, decision 068). */
  outsidePunches: number;
  /** Who set the mark: the worker's own choice at check-out or an administrator (decision 070); null = no mark, or set before it. */
  overtimeMarkedBy: 'worker' | 'administrator' | null;
  /** Why the day's overtime is force majeure (art. 35.3 ET, decision 081): not in the 80 h cap; null = not. */
  overtimeForceMajeure: string | null;
  createdAt: string;
  updatedAt: string;
  /** Voided (decision 033): when and why; a voided day is kept, struck through, and counts for nothing. */
  voidedAt: string | null;
  voidReason: string | null;
}

export interface AttendanceRevisionDto {
  revision: number;
  timeIn: string;
  timeOut: string | null;
  breaks: BreakInstants[];
  workedSeconds: number | null;
  reason: string | null;
  author: number | null;
  authorName: string | null;
  createdAt: string;
}

export interface AttendanceDetailDto extends AttendanceDto {
  breaks: (BreakInstants & { _id: number })[];
  revisions: AttendanceRevisionDto[];
  punches: number;
}

/** A leave as the API shows it (spec section 3): dates `YYYY-MM-DD`, inclusive. */
/** A leave request as the API answers it: the shape is its contract's (`contracts/leaves.ts`). */
export type LeaveDto = InferOutput<typeof LeaveRecord>;

/**
 * User accounts as the users API sees them (list, read, write). Never selects the password hash.
 * Session concerns (sign-in lookups, session versions) stay in users.ts.
 */
export type UserDto = InferOutput<typeof UserRecord>;

/** A role as the API answers it: `permissions` maps resource -> allowed actions. */
export type RoleDto = InferOutput<typeof RoleRecord>;

export type CompanyDto = InferOutput<typeof CompanyRecord>;

export type DepartmentDto = InferOutput<typeof DepartmentRecord>;

export type JobTitleDto = InferOutput<typeof JobTitleRecord>;

export type LeaveTypeDto = InferOutput<typeof LeaveTypeRecord>;

export type LeaveGroupDto = InferOutput<typeof LeaveGroupRecord>;

export type HolidayDto = InferOutput<typeof HolidayRecord>;

/** A worker's correction request (decision 034): proposed local times `HH:mm` on the work date. */
export interface CorrectionRequestDto {
  _id: number;
  employee: number;
  employeeName: string;
  attendance: number | null;
  date: string;
  timezone: string;
  kind: 'missingDay' | 'missingCheckOut' | 'wrongTime';
  timeIn: string;
  timeOut: string | null;
  breakIn: string | null;
  breakOut: string | null;
  reason: string;
  status: 'pending' | 'approved' | 'declined' | 'withdrawn';
  /** The account that filed it and its name (four eyes, issue 34.5: it never decides it). */
  requestedBy: number;
  requesterName: string | null;
  deciderName: string | null;
  decidedAt: string | null;
  comment: string | null;
  /** The revision the approval wrote on the day. */
  appliedRevision: number | null;
  createdAt: string;
  /** The day as recorded now (instants), when it exists. */
  current: { timeIn: string; timeOut: string | null; breakIn: string | null; breakOut: string | null; revision: number } | null;
}

/** A correction an administrator made, as the worker's answer to it stands (decision 034). */
export interface CorrectionAcceptanceDto {
  attendance: number;
  revision: number;
  date: string;
  timezone: string;
  state: 'pending' | 'accepted' | 'rejected' | 'superseded' | 'expired';
  dueAt: string;
  comment: string | null;
  answeredAt: string | null;
  createdAt: string;
}
