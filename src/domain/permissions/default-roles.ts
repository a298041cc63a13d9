import { allPermissions, type Permissions } from './permissions.ts';

export interface DefaultRole {
  name: string;
  permissions: Permissions;
}

/**
 * The roles every new company gets: an Administrator role with every permission, and an
 * Employee role for the personal area (own attendance, schedule and leave requests).
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
  ];
}
