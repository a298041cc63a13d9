import { describe, expect, it } from 'vitest';
import { canReadEmployeeRecord, canWriteEmployeeRecord, employeeScope, mayWriteRecords, routeRecordRefusal, scopedEmployeeFilter, seesEveryEmployee } from '../../src/domain/permissions/record-access.ts';
import { API_ROUTES } from '../../src/domain/routing/api-table.ts';
import { PER_EMPLOYEE_REPORTS, REPORT_NAMES } from '../../src/domain/reports/report-table.ts';

const superAdmin = { accountType: 'SuperAdmin' as const, employeeId: null };
const admin = { accountType: 'Admin' as const, employeeId: 7 };
const employee = { accountType: 'Employee' as const, employeeId: 7 };
const unlinked = { accountType: 'Employee' as const, employeeId: null };

describe('employeeScope', () => {
  it('is every employee for admin accounts, linked or not (instance-wide, decision 018)', () => {
    expect(employeeScope(superAdmin)).toEqual({ kind: 'all' });
    expect(employeeScope(admin)).toEqual({ kind: 'all' });
    expect(seesEveryEmployee(admin)).toBe(true);
  });

  it('is the linked employee for an Employee account, none when unlinked', () => {
    expect(employeeScope(employee)).toEqual({ kind: 'own', employeeId: 7 });
    expect(employeeScope(unlinked)).toEqual({ kind: 'none' });
    expect(seesEveryEmployee(employee)).toBe(false);
  });
});

describe('reads', () => {
  it('an admin reads everyone; an Employee only its own employee; an unlinked one nobody', () => {
    expect(canReadEmployeeRecord(admin, 1)).toBe(true);
    expect(canReadEmployeeRecord(employee, 7)).toBe(true);
    expect(canReadEmployeeRecord(employee, 8)).toBe(false);
    expect(canReadEmployeeRecord(unlinked, 7)).toBe(false);
  });

  it('list filters: the asked employee for admins, the own one whatever is asked, null for none', () => {
    expect(scopedEmployeeFilter(admin)).toBeUndefined();
    expect(scopedEmployeeFilter(admin, 3)).toBe(3);
    expect(scopedEmployeeFilter(employee)).toBe(7);
    expect(scopedEmployeeFilter(employee, 3)).toBe(7);
    expect(scopedEmployeeFilter(unlinked, 3)).toBeNull();
  });
});

describe('writes (decision 024)', () => {
  it('an admin writes any record of any employee', () => {
    expect(canWriteEmployeeRecord(admin, 1, 'record')).toBe(true);
    expect(canWriteEmployeeRecord(superAdmin, 1, 'leaveRequest')).toBe(true);
  });

  it('an Employee writes only its own leave requests, never the record itself, not even its own', () => {
    expect(canWriteEmployeeRecord(employee, 7, 'leaveRequest')).toBe(true);
    expect(canWriteEmployeeRecord(employee, 8, 'leaveRequest')).toBe(false);
    expect(canWriteEmployeeRecord(employee, 7, 'record')).toBe(false);
    expect(canWriteEmployeeRecord(employee, 8, 'record')).toBe(false);
    expect(mayWriteRecords(employee, 'record')).toBe(false);
    expect(mayWriteRecords(employee, 'leaveRequest')).toBe(true);
  });

  it('an unlinked Employee writes nothing', () => {
    expect(mayWriteRecords(unlinked, 'leaveRequest')).toBe(false);
    expect(canWriteEmployeeRecord(unlinked, 7, 'leaveRequest')).toBe(false);
  });
});

describe('routeRecordRefusal', () => {
  it('lets non-record endpoints and reads through; scoping is the service’s', () => {
    expect(routeRecordRefusal(employee, 'POST', undefined)).toBeUndefined();
    expect(routeRecordRefusal(employee, 'GET', 'employee')).toBeUndefined();
    expect(routeRecordRefusal(employee, 'HEAD', 'employee')).toBeUndefined();
  });

  it('refuses an Employee’s record writes and figures about everyone, not its leave requests', () => {
    expect(routeRecordRefusal(employee, 'PATCH', 'employee')).toBe('errors.recordsReadOnly');
    expect(routeRecordRefusal(employee, 'delete', 'employee')).toBe('errors.recordsReadOnly');
    expect(routeRecordRefusal(employee, 'POST', 'leaveRequest')).toBeUndefined();
    // An unlinked account's leave request reaches the service, which says it has no employee.
    expect(routeRecordRefusal(unlinked, 'POST', 'leaveRequest')).toBeUndefined();
    expect(routeRecordRefusal(unlinked, 'PATCH', 'employee')).toBe('errors.recordsReadOnly');
    expect(routeRecordRefusal(employee, 'GET', 'everyone')).toBe('errors.everyEmployeeAdminOnly');
    expect(routeRecordRefusal(admin, 'PATCH', 'employee')).toBeUndefined();
    expect(routeRecordRefusal(admin, 'GET', 'everyone')).toBeUndefined();
  });
});

describe('the API table marks every endpoint of employee-owned data', () => {
  const records = (method: string, pattern: string) => API_ROUTES.find((r) => r.method === method && r.pattern === pattern)?.records;

  it('every endpoint under an employee-owned collection, photos, punches, reports and the dashboard', () => {
    const owned = /^\/api\/(employees|attendances|schedules|leaves|punches|reports)(\/|$)|^\/api\/dashboard$/;
    const unmarked = API_ROUTES.filter((r) => owned.test(r.pattern) && r.records === undefined && r.pattern !== '/api/employees/import-template');
    expect(unmarked.map((r) => `${r.method} ${r.pattern}`)).toEqual([]);
  });

  it("only the worker's own requests (leave, corrections and answers to corrections) are self-service writes; the decision is refused in the service", () => {
    const selfService = API_ROUTES.filter((r) => r.records === 'leaveRequest').map((r) => `${r.method} ${r.pattern}`);
    expect(selfService.sort()).toEqual([
      'DELETE /api/leaves/{id}',
      'PATCH /api/leaves/{id}',
      'POST /api/attendance-corrections',
      'POST /api/attendance-corrections/{id}/withdraw',
      'POST /api/attendances/{id}/acceptance',
      'POST /api/leaves',
      'POST /api/leaves/{id}/withdraw',
    ]);
    expect(records('POST', '/api/attendance-corrections/{id}/approve')).toBe('employee');
    expect(records('PATCH', '/api/attendances/{id}')).toBe('employee');
    expect(records('PATCH', '/api/schedules/{id}')).toBe('employee');
    expect(records('GET', '/api/dashboard')).toBe('everyone');
  });

  it('names which reports are per employee', () => {
    expect(REPORT_NAMES.filter((n) => !PER_EMPLOYEE_REPORTS.has(n))).toEqual(['organization-profile', 'user-accounts']);
  });
});
