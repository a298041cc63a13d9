import { allPermissions, type Permissions } from './permissions.ts';

export interface DefaultRole {
  name: string;
  permissions: Permissions;
}

/**
 * The roles every new company gets: an Administrator role with every permission, and an
 * Employee role for the personal area (own attendance, schedule and leave requests), and a
 * Representatives role for the workers' representatives.
 */
export function defaultRoles(): DefaultRole[] {
  return [
    { name: 'Administrator', permissions: allPermissions() },
    {
      name: 'Employee',
      permissions: {
        attendance: ['read'],
        schedule: ['read'],
        leave: ['create', 'read', 'update'],
      },
    },
    // Workers' legal representatives (art. 34.9 ET, decision 036): the monthly totals per
    // employee with names only; no employee file, attendance times or full reports.
    { name: 'Representatives', permissions: { workTotals: ['read'] } },
  ];
}
