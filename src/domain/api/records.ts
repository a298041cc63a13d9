import type { InferOutput } from 'valibot';
import type { AttendanceDetailRecord, AttendanceRecord, AttendanceRevisionRecord, CorrectionRequestRecord } from './contracts/attendances.ts';
import type { LeaveRecord } from './contracts/leaves.ts';
import type { ProofOfPlaceMode } from '../clock/proof-of-place.ts';
import type { AccountType, Permissions } from '../permissions/permissions.ts';

/**
 * The records of the JSON API as the server answers them (type-only): repositories build them,
 * islands and pages receive them. Field names are the spec's in camelCase, references are ids.
 */

/** An employee as the API shows it: references as ids plus their names; never the PIN key. */
export interface EmployeeDto {
  _id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  gender: string;
  civilStatus: string | null;
  height: number | null;
  weight: number | null;
  /** Optional (issue 37): a worker without a mailbox gets the printed invitation sheet. */
  email: string | null;
  phone: string | null;
  birthday: string | null;
  nationalId: string;
  placeOfBirth: string | null;
  address: string | null;
  image: string | null;
  company: number;
  companyName: string;
  department: number;
  departmentName: string;
  jobTitle: number;
  jobTitleName: string;
  leaveGroup: number;
  leaveGroupName: string;
  leavePrivilege: string | null;
  companyEmail: string | null;
  employmentType: 'regular' | 'trainee';
  employmentStatus: string | null;
  officialStartDate: string | null;
  /** Last day of employment; null = still employed (decision 053). */
  endDate: string | null;
  dateRegularized: string | null;
  rfidCard: string | null;
  status: 'active' | 'archived';
  biometricConsentAt: string | null;
  faceDescriptors: number;
  /** 12 digits, no separators (decision 035). */
  socialSecurityNumber: string | null;
  workingDayType: 'full-time' | 'part-time';
  partTimePercent: number | null;
  /** Professional category and contract type for the payroll export (issue 33.7); null when not given. */
  professionalCategory: string | null;
  contractType: string | null;
  /** The personal clock against the company's choice (decision 067); null = as the company says. */
  personalClock: 'allowed' | 'denied' | null;
  /** When the retention purge removed this person's data (decision 083); null = not purged. */
  purgedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Hours balance in seconds (decision 049), only in the register's list (`withBalance=1`); null without a recorded day. */
  hoursBalanceSeconds?: number | null;
  /** The worker's account (decision 066), only in the register's list: joined, invited, invitation expired or none. */
  account?: 'joined' | 'invited' | 'expired' | 'none';
}

export interface ScheduleDto {
  _id: number;
  employee: number;
  employeeName: string;
  department: number;
  departmentName: string;
  startTime: string;
  offTime: string;
  totalHours: number;
  restDays: string[];
  fromDate: string;
  toDate: string | null;
  status: 'current' | 'previous';
  /** Approved leave covers `today` (the list's reference date). */
  onLeave: boolean;
  createdAt: string;
  updatedAt: string;
}

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
export interface UserDto {
  _id: number;
  name: string;
  email: string;
  role: number;
  roleName: string;
  status: 'enabled' | 'disabled';
  accountType: AccountType;
  company: number | null;
  companyName: string | null;
  employee: number | null;
  employeeName: string | null;
  image: string | null;
  lastSignInAt: string | null;
  createdAt: string;
}

/** A role as the API answers it: `permissions` maps resource -> allowed actions. */
export interface RoleDto {
  _id: number;
  name: string;
  permissions: Permissions;
  company: number | null;
  companyName: string | null;
  /** True for the roles every company gets (Administrator, Employee); they may be edited. */
  isDefault: boolean;
  /** How many users have this role. */
  users: number;
  createdAt: string;
}

export interface CompanyDto {
  _id: number;
  name: string;
  /** CIF/NIF, no separators; null when not given (decision 035). */
  taxId: string | null;
  /** Contribution account code (CCC), 11 digits; null when not given (issue 33.7). */
  contributionAccountCode: string | null;
  /** Its workers may punch from their own session at /personal/clock (decision 067). */
  personalClock: boolean;
  /** Proof of place of personal punches (decision 068): off, record, warn or require. */
  proofOfPlace: ProofOfPlaceMode;
  /** Days a punch's raw position is kept. */
  positionRetentionDays: number;
  /** Its workers choose paid or rest for a day's overtime when they check out (decision 070). */
  workerOvertimeChoice: boolean;
  /** Its administrators must sign in with a second factor (decision 090). */
  requireTwoFactor: boolean;
  departments: number;
  employees: number;
  createdAt: string;
}

export interface DepartmentDto {
  _id: number;
  name: string;
  company: number;
  companyName: string;
  employees: number;
  createdAt: string;
}

export interface JobTitleDto {
  _id: number;
  name: string;
  department: number;
  departmentName: string;
  company: number;
  companyName: string;
  employees: number;
  createdAt: string;
}

export interface LeaveTypeDto {
  _id: number;
  name: string;
  company: number;
  companyName: string;
  /** null = unlimited. */
  daysPerYear: number | null;
  /** Decision 053: days earned per month worked, most days carried over, `MM-DD` they lapse. */
  accrualDaysPerMonth: number | null;
  carryOverMaxDays: number | null;
  carryOverExpiry: string | null;
  /** Time off in lieu: drawn from the hours balance (decision 049). */
  drawsFromBalance: boolean;
  createdAt: string;
}

export interface LeaveGroupDto {
  _id: number;
  name: string;
  description: string;
  status: 'active' | 'disabled';
  company: number;
  companyName: string;
  /** Leave type ids the members may take. */
  privilege: number[];
  privilegeNames: string[];
  employees: number;
  createdAt: string;
}

export interface HolidayDto {
  _id: number;
  name: string;
  date: string;
  company: number;
  companyName: string;
  createdAt: string;
}

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
