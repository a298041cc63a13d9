import type { InferOutput } from 'valibot';
import type { AttendanceDetailRecord, AttendanceRecord, AttendanceRevisionRecord, CorrectionRequestRecord } from './contracts/attendances.ts';
import type { EmployeeRecord } from './contracts/employees.ts';
import type { LeaveRecord } from './contracts/leaves.ts';
import type { CompanyRecord, DepartmentRecord, HolidayRecord, JobTitleRecord, LeaveGroupRecord, LeaveTypeRecord } from './contracts/org.ts';
import type { ScheduleRecord } from './contracts/schedules.ts';
import type { RoleRecord, UserRecord } from './contracts/users.ts';

/**
 * The records of the JSON API as the server answers them (type-only): repositories build them,
 * islands and pages receive them. Field names are the spec's in camelCase, references are ids.
 */

/** An employee as the API shows it: references as ids plus their names; never the PIN key. */
export type EmployeeDto = InferOutput<typeof EmployeeRecord>;

/** A work schedule as the API answers it (its schema is the contract's `ScheduleRecord`). */
export type ScheduleDto = InferOutput<typeof ScheduleRecord>;

/** An attendance as the API shows it: the shapes are their contract's (`contracts/attendances.ts`). */
export type AttendanceDto = InferOutput<typeof AttendanceRecord>;
export type AttendanceRevisionDto = InferOutput<typeof AttendanceRevisionRecord>;
export type AttendanceDetailDto = InferOutput<typeof AttendanceDetailRecord>;

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

/** A worker's correction request (decision 034): the shape is its contract's. */
export type CorrectionRequestDto = InferOutput<typeof CorrectionRequestRecord>;

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
