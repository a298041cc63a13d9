import type { AccountType, Authority } from '../permissions/permissions.ts';

/**
 * The "Getting started" guide of a new installation: five steps computed from real data (never
 * ticked by hand), the next step to take, and whether to show the checklist, a one-time
 * congratulation, or nothing. The last step is a place to punch (issue 37.1): opening `/clock`
 * proves nothing, since a new install takes punches only from paired terminals (decision 042).
 */

export const GUIDE_STEPS = ['company', 'department', 'employee', 'schedule', 'terminal'] as const;
export type GuideStepId = (typeof GUIDE_STEPS)[number];

interface Target {
  href: string;
  authority: readonly Authority[];
}

/** Where each step is done and the authority it needs there. */
export const GUIDE_STEP_TARGET: Readonly<Record<GuideStepId, Target>> = {
  company: { href: '/company', authority: ['company.update'] },
  department: { href: '/department?new=1', authority: ['department.create'] },
  employee: { href: '/employee-create', authority: ['employee.create'] },
  schedule: { href: '/schedule-create', authority: ['schedule.create'] },
  terminal: { href: '/terminals', authority: ['setting.update'] },
};

/**
 * An employee needs a job title and a leave group (which grants leave types): while one is
 * missing, the employee step leads to the first missing one instead of a form that cannot be sent.
 */
export const EMPLOYEE_PREREQUISITES = ['jobTitle', 'leaveType', 'leaveGroup'] as const;
export type EmployeePrerequisite = (typeof EMPLOYEE_PREREQUISITES)[number];

export const PREREQUISITE_TARGET: Readonly<Record<EmployeePrerequisite, Target>> = {
  jobTitle: { href: '/jobtitle?new=1', authority: ['jobTitles.create'] },
  leaveType: { href: '/leavetype?new=1', authority: ['leaveType.create'] },
  leaveGroup: { href: '/leavegroup?new=1', authority: ['leaveGroup.create'] },
};

/** What exists in the installation, read by the server. */
export interface GuideFacts {
  /** Every company has its tax ID (printed on the monthly record, issue 37.5). */
  taxIds: boolean;
  departments: boolean;
  employees: boolean;
  schedules: boolean;
  jobTitles: boolean;
  leaveTypes: boolean;
  leaveGroups: boolean;
  /** A terminal is paired and not revoked. */
  pairedTerminals: boolean;
  /** An employee with an account may use the personal clock, by their company or their own setting (decision 067). */
  personalClock: boolean;
  /** Some punch was recorded (someone could punch somewhere). */
  punches: boolean;
}

/** What the server remembers for one user (instants, null while it has not happened). */
export interface GuideMemory {
  /** The user first saw the checklist incomplete. */
  startedAt: string | null;
  /** "Hide the guide". */
  dismissedAt: string | null;
  /** The congratulation was shown. */
  celebratedAt: string | null;
}

export const EMPTY_GUIDE_MEMORY: Readonly<GuideMemory> = { startedAt: null, dismissedAt: null, celebratedAt: null };

export interface GuideStep {
  id: GuideStepId;
  done: boolean;
  /** The user's role allows the step; an unavailable step is shown as such, without a link. */
  available: boolean;
  href: string;
  /** Employee step only: what must exist first, in the order to create it. */
  needs: EmployeePrerequisite[];
}

export type GuideMode = 'checklist' | 'congratulate' | 'hidden';

export interface GuideView {
  mode: GuideMode;
  steps: GuideStep[];
  done: number;
  total: number;
  /** The first step still to do that the user may take; null when none is left to them. */
  next: GuideStepId | null;
}

/** Only accounts of the admin area set a company up; employees never see the guide. */
export function guideApplies(accountType: AccountType): boolean {
  return accountType === 'SuperAdmin' || accountType === 'Admin';
}

/**
 * The guide for one user. `allowed(authority)` says whether the user's role grants it. Rules:
 * - a step is done from data: every company has a tax ID; a department / an employee / a
 *   schedule exists; the terminal step when a terminal is paired, the personal clock is on, or a
 *   punch exists;
 * - hidden once dismissed, and for accounts outside the admin area;
 * - when every step is done: congratulate once, only a user who had seen the checklist
 *   (`startedAt`), so an installation set up with demo data never shows the guide at all.
 */
export function gettingStarted(accountType: AccountType, facts: GuideFacts, memory: GuideMemory, allowed: (authority: readonly Authority[]) => boolean): GuideView {
  const doneOf: Record<GuideStepId, boolean> = {
    company: facts.taxIds,
    department: facts.departments,
    employee: facts.employees,
    schedule: facts.schedules,
    terminal: facts.pairedTerminals || facts.personalClock || facts.punches,
  };
  const has: Record<EmployeePrerequisite, boolean> = { jobTitle: facts.jobTitles, leaveType: facts.leaveTypes, leaveGroup: facts.leaveGroups };
  const steps = GUIDE_STEPS.map((id): GuideStep => {
    const needs = id === 'employee' && !doneOf.employee ? EMPLOYEE_PREREQUISITES.filter((p) => !has[p]) : [];
    const first = needs[0];
    const target = first ? PREREQUISITE_TARGET[first] : GUIDE_STEP_TARGET[id];
    const available = allowed(GUIDE_STEP_TARGET[id].authority) && allowed(target.authority);
    return { id, done: doneOf[id], available, href: target.href, needs };
  });
  const done = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done && s.available)?.id ?? null;
  const view = { steps, done, total: steps.length, next };
  if (!guideApplies(accountType) || memory.dismissedAt !== null) return { ...view, mode: 'hidden' };
  if (done < steps.length) return { ...view, mode: 'checklist' };
  const mode = memory.startedAt !== null && memory.celebratedAt === null ? 'congratulate' : 'hidden';
  return { ...view, mode };
}
