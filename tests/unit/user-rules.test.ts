import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFieldKeys } from '../../src/domain/auth/auth-schemas.ts';
import { allPermissions } from '../../src/domain/permissions/permissions.ts';
import { RoleInput } from '../../src/domain/permissions/role-schema.ts';
import { endsSessions, refuseCreate, refuseDelete, refuseUpdate } from '../../src/domain/users/account-rules.ts';
import { UserCreateInput, UserUpdateInput } from '../../src/domain/users/user-schemas.ts';

const superAdmin = { id: 1, accountType: 'SuperAdmin' as const, roleId: 1, permissions: allPermissions() };
const admin = { id: 2, accountType: 'Admin' as const, roleId: 1, permissions: allPermissions() };
const enabled = (accountType: 'SuperAdmin' | 'Admin' | 'Employee', id = 9) => ({ id, accountType, status: 'enabled' as const, permissions: {} });

describe('account rules', () => {
  it('only a SuperAdmin creates, promotes, edits or deletes a SuperAdmin', () => {
    expect(refuseCreate(admin, enabled('SuperAdmin'))).toEqual({ code: 'users.onlySuperAdminCreates', status: 403 });
    expect(refuseCreate(admin, enabled('Admin'))).toBeUndefined();
    expect(refuseCreate(superAdmin, enabled('SuperAdmin'))).toBeUndefined();
    expect(refuseUpdate(admin, enabled('Admin'), enabled('SuperAdmin'), 1)?.code).toBe('users.onlySuperAdminPromotes');
    expect(refuseUpdate(admin, enabled('SuperAdmin'), enabled('SuperAdmin'), 2)?.code).toBe('users.onlySuperAdminEdits');
    expect(refuseDelete(admin, enabled('SuperAdmin'), 2)).toEqual({ code: 'users.onlySuperAdminDeletes', status: 403 });
    expect(refuseUpdate(superAdmin, enabled('Admin'), enabled('SuperAdmin'), 1)).toBeUndefined();
  });

  it('keeps one enabled SuperAdmin', () => {
    const last = enabled('SuperAdmin', 1);
    expect(refuseUpdate(superAdmin, last, { accountType: 'Admin', status: 'enabled', permissions: {} }, 1)).toEqual({ code: 'users.lastSuperAdmin', status: 409 });
    expect(refuseUpdate(superAdmin, last, { accountType: 'SuperAdmin', status: 'disabled', permissions: {} }, 1)?.code).toBe('users.lastSuperAdmin');
    expect(refuseUpdate(superAdmin, last, { accountType: 'Admin', status: 'enabled', permissions: {} }, 2)).toBeUndefined();
    expect(refuseDelete({ ...superAdmin, id: 5 }, last, 1)?.code).toBe('users.lastSuperAdmin');
    expect(refuseDelete({ ...superAdmin, id: 5 }, { ...last, status: 'disabled' }, 1)).toBeUndefined();
  });

  it('nobody deletes or disables themself', () => {
    expect(refuseDelete(admin, enabled('Admin', 2), 1)).toEqual({ code: 'users.cannotDeleteSelf', status: 409 });
    expect(refuseUpdate(admin, enabled('Admin', 2), { accountType: 'Admin', status: 'disabled', permissions: {} }, 1)?.code).toBe('users.cannotDisableSelf');
  });

  it('ends sessions on disable, account type change and password change only', () => {
    const before = { accountType: 'Admin' as const, status: 'enabled' as const };
    expect(endsSessions(before, before, false)).toBe(false);
    expect(endsSessions(before, { ...before, status: 'disabled' }, false)).toBe(true);
    expect(endsSessions(before, { ...before, accountType: 'Employee' }, false)).toBe(true);
    expect(endsSessions(before, before, true)).toBe(true);
    expect(endsSessions({ ...before, status: 'disabled' }, before, false)).toBe(false);
  });
});

const fields = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : issuesToFieldKeys(r.issues);
};

describe('user and role schemas', () => {
  const valid = { name: 'Ana', email: ' Ana@X.es ', role: '3', status: 'enabled', accountType: 'Admin', company: '2', password: 'Good#Pass1', confirmPassword: 'Good#Pass1' };

  it('accepts a valid user, lower-cases the email and turns empty references into null', () => {
    const out = v.parse(UserCreateInput, valid);
    expect(out).toMatchObject({ email: 'ana@x.es', role: 3, company: 2, employee: null });
    // Only a SuperAdmin may have no company (issue 34.1).
    expect(v.parse(UserCreateInput, { ...valid, accountType: 'SuperAdmin', company: '' })).toMatchObject({ company: null });
  });

  it('names each problem', () => {
    expect(fields(UserCreateInput, { ...valid, password: 'good#pass1', confirmPassword: 'good#pass1' })).toEqual({ password: 'password.noUppercase' });
    expect(fields(UserCreateInput, { ...valid, confirmPassword: 'Other#1aa' })).toEqual({ confirmPassword: 'password.mismatch' });
    expect(fields(UserCreateInput, { ...valid, accountType: 'Employee' })).toEqual({ employee: 'users.employeeRequired' });
    expect(fields(UserCreateInput, { ...valid, status: 'paused' })).toEqual({ status: 'users.invalidChoice' });
    expect(fields(UserCreateInput, { ...valid, role: '' })).toEqual({ role: 'validation.required' });
    expect(fields(UserCreateInput, { ...valid, company: '' })).toEqual({ company: 'users.companyRequired' });
    expect(fields(UserUpdateInput, { ...valid, accountType: 'Employee', employee: '4', company: '' })).toEqual({ company: 'users.companyRequired' });
  });

  it('on update, an empty password keeps the current one and a given one follows the rules', () => {
    const { password: _p, confirmPassword: _c, ...rest } = valid;
    expect(fields(UserUpdateInput, rest)).toEqual({});
    expect(fields(UserUpdateInput, { ...rest, password: '', confirmPassword: '' })).toEqual({});
    expect(fields(UserUpdateInput, { ...rest, password: 'Short1!', confirmPassword: 'Short1!' })).toEqual({ password: 'password.tooShort' });
    expect(fields(UserUpdateInput, { ...rest, password: '', confirmPassword: 'typed' })).toEqual({ confirmPassword: 'password.mismatch' });
  });

  it('normalises role permissions and requires a name', () => {
    expect(v.parse(RoleInput, { name: ' R ', permissions: { user: ['read', 'bogus', 'create'], nope: ['read'] } })).toEqual({
      name: 'R',
      permissions: { user: ['create', 'read'] },
      company: null,
    });
    expect(fields(RoleInput, { name: '' })).toEqual({ name: 'validation.fillAllFields' });
    expect(fields(RoleInput, { name: 'R', permissions: 'all' })).toEqual({ permissions: 'roles.invalidPermissions' });
  });
});
