import type { Action, Resource } from './permissions.ts';

/**
 * i18n keys naming each resource (the permissions matrix rows, spec section 3 "Role") and each
 * action (its columns). Also used to word denial messages: "You do not have permission to
 * delete departments."
 */
export const RESOURCE_LABELS: Record<Resource, string> = {
  dashboard: 'resources.dashboard',
  employee: 'resources.employee',
  attendance: 'resources.attendance',
  schedule: 'resources.schedule',
  leave: 'resources.leave',
  report: 'resources.report',
  user: 'resources.user',
  setting: 'resources.setting',
  role: 'resources.role',
  company: 'resources.company',
  department: 'resources.department',
  jobTitles: 'resources.jobTitles',
  leaveType: 'resources.leaveType',
  leaveGroup: 'resources.leaveGroup',
  workTotals: 'resources.workTotals',
};

export const ACTION_LABELS: Record<Action, string> = {
  create: 'actions.create',
  read: 'actions.read',
  update: 'actions.update',
  delete: 'actions.delete',
  archive: 'actions.archive',
};

/** Verb phrases for denial messages ("create", "view", "edit"...). */
export const ACTION_VERBS: Record<Action, string> = {
  create: 'actionVerbs.create',
  read: 'actionVerbs.read',
  update: 'actionVerbs.update',
  delete: 'actionVerbs.delete',
  archive: 'actionVerbs.archive',
};
