import { describe, expect, it } from 'vitest';
import { defaultRoles } from '../../src/domain/permissions/default-roles.ts';
import { ACTIONS, allPermissions, hasAuthority, normalizePermissions, RESOURCES } from '../../src/domain/permissions/permissions.ts';

describe('hasAuthority', () => {
  const perms = { employee: ['read' as const], leave: ['read' as const, 'update' as const] };

  it('allows an empty authority list to any signed-in account', () => {
    expect(hasAuthority('Employee', {}, [])).toBe(true);
  });

  it('requires every entry of the list', () => {
    expect(hasAuthority('Admin', perms, ['employee.read'])).toBe(true);
    expect(hasAuthority('Admin', perms, ['leave.read', 'leave.update'])).toBe(true);
    expect(hasAuthority('Admin', perms, ['employee.read', 'employee.create'])).toBe(false);
    expect(hasAuthority('Admin', perms, ['report.read'])).toBe(false);
  });

  it('lets a SuperAdmin skip the check', () => {
    expect(hasAuthority('SuperAdmin', {}, ['report.read', 'user.create'])).toBe(true);
  });
});

describe('normalizePermissions', () => {
  it('keeps only known resources and actions, in canonical order, without duplicates', () => {
    expect(normalizePermissions({ employee: ['update', 'read', 'read', 'fly'], spaceship: ['read'], leave: 'read' })).toEqual({ employee: ['read', 'update'] });
  });

  it('returns nothing for input that is not an object', () => {
    expect(normalizePermissions(null)).toEqual({});
    expect(normalizePermissions(['employee'])).toEqual({});
    expect(normalizePermissions('x')).toEqual({});
  });
});

describe('default roles', () => {
  it('gives the Administrator every action on every resource', () => {
    const admin = defaultRoles().find((r) => r.name === 'Administrator')!;
    expect(admin.permissions).toEqual(allPermissions());
    for (const r of RESOURCES) expect(admin.permissions[r]).toEqual([...ACTIONS]);
  });

  it('gives the Employee role the personal area only', () => {
    const employee = defaultRoles().find((r) => r.name === 'Employee')!;
    expect(hasAuthority('Employee', employee.permissions, ['leave.create', 'attendance.read'])).toBe(true);
    expect(hasAuthority('Employee', employee.permissions, ['employee.read'])).toBe(false);
    expect(hasAuthority('Employee', employee.permissions, ['dashboard.read'])).toBe(false);
  });
});
