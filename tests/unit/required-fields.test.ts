import { describe, expect, it } from 'vitest';
import { requiredFieldsOf } from '../../src/components/islands/ui/required-fields.tsx';
import { EmployeeCreateInput, EmployeeUpdateInput } from '../../src/domain/employees/employee-schema.ts';
import { LeaveGroupInput, LeaveTypeInput } from '../../src/domain/org/org-schemas.ts';
import { UserCreateInput, UserUpdateInput } from '../../src/domain/users/user-schemas.ts';

/** Decision 028: the required markers are read from the schema the form validates with. */
describe('required fields of a form schema', () => {
  it('the employee form: 10 when creating, 9 when editing (an empty PIN keeps it)', () => {
    const create = ['firstName', 'lastName', 'gender', 'nationalId', 'company', 'department', 'jobTitle', 'leaveGroup', 'employmentType', 'pin'];
    expect([...requiredFieldsOf(EmployeeCreateInput)].sort()).toEqual([...create].sort());
    expect([...requiredFieldsOf(EmployeeUpdateInput)].sort()).toEqual(create.filter((f) => f !== 'pin').sort());
  });

  it('organisation forms: an optional allowance is not required', () => {
    expect([...requiredFieldsOf(LeaveTypeInput)].sort()).toEqual(['company', 'name']);
    expect([...requiredFieldsOf(LeaveGroupInput)].sort()).toEqual(['company', 'description', 'name', 'privilege', 'status']);
  });

  it('looks through an object pipe and adds what the form names', () => {
    expect([...requiredFieldsOf(UserCreateInput, ['role'])].sort()).toEqual(['accountType', 'confirmPassword', 'email', 'name', 'password', 'role', 'status']);
    expect(requiredFieldsOf(UserUpdateInput).has('password')).toBe(false);
    expect(requiredFieldsOf(UserUpdateInput).has('company')).toBe(false);
  });
});
