import { describe, expect, it } from 'vitest';
import { authoritiesOf, isAccountTypeGrantable, isGrantable } from '../../src/domain/permissions/grantable.ts';
import { allPermissions, type Permissions } from '../../src/domain/permissions/permissions.ts';
import { refuseRoleChange, refuseRoleCreate } from '../../src/domain/permissions/role-rules.ts';
import { refuseCreate, refuseDelete, refuseEditing, refuseUpdate, type Actor } from '../../src/domain/users/account-rules.ts';

/** Decision 021: nobody gives a role, a permission or an account type they do not hold. */

const actor = (accountType: Actor['accountType'], permissions: Permissions, id = 7, roleId = 70): Actor => ({ id, accountType, permissions, roleId });
const onlyUpdate = actor('Admin', { user: ['update'] });
const full = actor('Admin', allPermissions());
const root = actor('SuperAdmin', {});
const account = (accountType: Actor['accountType'], permissions: Permissions, id = 9) => ({ id, accountType, status: 'enabled' as const, permissions });

describe('grantable', () => {
  it('lists the authorities of a permission set', () => {
    expect(authoritiesOf({ user: ['read', 'update'], role: [] })).toEqual(['user.read', 'user.update']);
  });

  it('a permission set is grantable when the grantor holds every resource.action of it', () => {
    const grantor = { accountType: 'Admin' as const, permissions: { user: ['read', 'update'], report: ['read'] } as Permissions };
    expect(isGrantable(grantor, {})).toBe(true);
    expect(isGrantable(grantor, { user: ['read'] })).toBe(true);
    expect(isGrantable(grantor, { user: ['read', 'update'], report: ['read'] })).toBe(true);
    expect(isGrantable(grantor, { user: ['create'] })).toBe(false);
    expect(isGrantable(grantor, { user: ['read'], role: ['read'] })).toBe(false);
    expect(isGrantable(grantor, allPermissions())).toBe(false);
  });

  it('a SuperAdmin holds everything, whatever its role; an Admin with every permission holds every role', () => {
    expect(isGrantable(root, allPermissions())).toBe(true);
    expect(isGrantable(full, allPermissions())).toBe(true);
    expect(isGrantable({ accountType: 'Employee', permissions: {} }, { dashboard: ['read'] })).toBe(false);
  });

  it('an account type is grantable when it is not above the grantor’s: Employee < Admin < SuperAdmin', () => {
    expect(isAccountTypeGrantable(full, 'Employee')).toBe(true);
    expect(isAccountTypeGrantable(full, 'Admin')).toBe(true);
    expect(isAccountTypeGrantable(full, 'SuperAdmin')).toBe(false);
    expect(isAccountTypeGrantable({ accountType: 'Employee', permissions: {} }, 'Admin')).toBe(false);
    expect(isAccountTypeGrantable(root, 'SuperAdmin')).toBe(true);
  });
});

describe('users: only what one holds', () => {
  const administrator = allPermissions();

  it('creating: the role and the account type must be grantable', () => {
    expect(refuseCreate(actor('Admin', { user: ['create'] }), account('Admin', administrator))).toEqual({ code: 'users.roleNotGrantable', status: 403 });
    expect(refuseCreate(actor('Admin', { user: ['create'] }), account('Admin', { user: ['create'] }))).toBeUndefined();
    expect(refuseCreate(actor('Employee', { user: ['create'] }), account('Admin', {}))?.code).toBe('users.accountTypeNotGrantable');
    expect(refuseCreate(full, account('Admin', administrator))).toBeUndefined();
    expect(refuseCreate(root, account('Admin', administrator))).toBeUndefined();
  });

  it('updating one’s own role to one not held is refused; keeping it is fine', () => {
    const self = account('Admin', { user: ['update'] }, onlyUpdate.id);
    expect(refuseUpdate(onlyUpdate, self, account('Admin', administrator), 1)).toEqual({ code: 'users.roleNotGrantable', status: 403 });
    expect(refuseUpdate(onlyUpdate, self, self, 1)).toBeUndefined();
    expect(refuseUpdate(onlyUpdate, self, account('Admin', {}), 1)).toBeUndefined();
  });

  it('a user whose role or account type the actor could not grant is out of reach (edit and delete)', () => {
    const manager = account('Admin', administrator);
    expect(refuseEditing(onlyUpdate, manager)).toEqual({ code: 'users.userNotEditable', status: 403 });
    expect(refuseUpdate(onlyUpdate, manager, manager, 1)?.code).toBe('users.userNotEditable');
    expect(refuseDelete(actor('Admin', { user: ['delete'] }), manager, 1)).toEqual({ code: 'users.userNotEditable', status: 403 });
    expect(refuseEditing(actor('Employee', { user: ['update'] }), account('Admin', {}))?.code).toBe('users.userNotEditable');
    expect(refuseEditing(full, manager)).toBeUndefined();
    expect(refuseDelete(full, manager, 1)).toBeUndefined();
  });

  it('only a SuperAdmin changes another administrator’s email or password; an Employee’s and one’s own are fine', () => {
    const otherAdmin = account('Admin', { report: ['read'] });
    expect(refuseUpdate(full, otherAdmin, otherAdmin, 1, true)).toEqual({ code: 'users.onlySuperAdminChangesCredentials', status: 403 });
    expect(refuseUpdate(full, otherAdmin, otherAdmin, 1, false)).toBeUndefined();
    expect(refuseUpdate(root, otherAdmin, otherAdmin, 1, true)).toBeUndefined();
    const employee = account('Employee', { dashboard: ['read'] });
    expect(refuseUpdate(full, employee, employee, 1, true)).toBeUndefined();
    const self = account('Admin', administrator, full.id);
    expect(refuseUpdate(full, self, self, 1, true)).toBeUndefined();
    // Demoting or promoting in the same request does not slip a new password through.
    expect(refuseUpdate(full, otherAdmin, { ...otherAdmin, accountType: 'Employee' }, 1, true)?.code).toBe('users.onlySuperAdminChangesCredentials');
    expect(refuseUpdate(full, employee, { ...employee, accountType: 'Admin' }, 1, true)?.code).toBe('users.onlySuperAdminChangesCredentials');
    expect(refuseUpdate(full, employee, { ...employee, accountType: 'Admin' }, 1, false)).toBeUndefined();
  });
});

describe('roles: only what one holds, never one’s own', () => {
  it('a new role needs grantable permissions', () => {
    const roleMaker = actor('Admin', { role: ['create'], employee: ['read'] });
    expect(refuseRoleCreate(roleMaker, { employee: ['read', 'update'] })).toEqual({ code: 'roles.permissionsNotGrantable', status: 403 });
    expect(refuseRoleCreate(roleMaker, { employee: ['read'] })).toBeUndefined();
    expect(refuseRoleCreate(root, allPermissions())).toBeUndefined();
  });

  it('nobody but a SuperAdmin edits or deletes the role they hold', () => {
    const editor = actor('Admin', { role: ['update'] }, 7, 70);
    expect(refuseRoleChange(editor, { id: 70, permissions: { role: ['update'] } }, allPermissions())).toEqual({ code: 'roles.cannotEditOwnRole', status: 403 });
    expect(refuseRoleChange(editor, { id: 70, permissions: { role: ['update'] } })).toEqual({ code: 'roles.cannotEditOwnRole', status: 403 });
    expect(refuseRoleChange(full, { id: 70, permissions: allPermissions() }, allPermissions())?.code).toBe('roles.cannotEditOwnRole');
    expect(refuseRoleChange(actor('SuperAdmin', allPermissions(), 1, 70), { id: 70, permissions: allPermissions() }, {})).toBeUndefined();
  });

  it('another role: its current and its new permissions must both be grantable', () => {
    const editor = actor('Admin', { role: ['read', 'update'] });
    expect(refuseRoleChange(editor, { id: 5, permissions: { role: ['read'] } }, { role: ['read', 'update'] })).toBeUndefined();
    expect(refuseRoleChange(editor, { id: 5, permissions: { role: ['read'] } }, { user: ['update'] })?.code).toBe('roles.permissionsNotGrantable');
    expect(refuseRoleChange(editor, { id: 5, permissions: allPermissions() }, {})).toEqual({ code: 'roles.roleNotEditable', status: 403 });
    expect(refuseRoleChange(editor, { id: 5, permissions: allPermissions() })?.code).toBe('roles.roleNotEditable');
    expect(refuseRoleChange(full, { id: 5, permissions: allPermissions() })).toBeUndefined();
  });
});
