import { describe, expect, it } from 'vitest';
import { allPermissions } from '../../src/domain/permissions/permissions.ts';
import { canSwitchToPersonal, flattenNavigation, isActive, navAreaOf, navigationFor } from '../../src/domain/routing/navigation.ts';

const admin = { accountType: 'Admin' as const, permissions: allPermissions() };

describe('navigation', () => {
  it('gives each item of the side menu its own icon (issue 37.15: six items shared the gear)', () => {
    for (const user of [{ accountType: 'SuperAdmin' as const, permissions: allPermissions() }, admin]) {
      for (const area of ['admin', 'personal'] as const) {
        const icons = navigationFor(user, area).map((i) => i.icon);
        expect(new Set(icons).size, `${user.accountType} ${area}`).toBe(icons.length);
      }
    }
  });

  it('groups reports and organisation pages and hides empty groups', () => {
    const items = navigationFor(admin);
    expect(items.map((i) => i.key)).toEqual([
      'dashboard',
      'employees',
      'attendance',
      'attendance-corrections',
      'clock-conflicts',
      'period-close',
      'schedule',
      'roster',
      'leave',
      'reports',
      'users',
      'organization',
      'setting',
      'terminals',
      'workplaces',
      'inspection-links',
      'outbox',
      'api-tokens',
      'webhooks',
      'clock',
    ]);
    // Eleven reports, then the disputed days (issue 38.4, decision 082).
    expect(items.find((i) => i.key === 'reports')!.children).toHaveLength(12);
    const limited = navigationFor({ accountType: 'Admin', permissions: { report: ['read'], department: ['read'] } });
    expect(limited.map((i) => i.key)).toEqual(['reports', 'users', 'organization', 'api-tokens', 'clock']);
    expect(flattenNavigation(limited).map((i) => i.path)).toContain('/department');
    expect(flattenNavigation(limited).map((i) => i.path)).not.toContain('/company');
    expect(flattenNavigation(limited).map((i) => i.path)).not.toContain('/representatives');
    // The Representatives role (decision 036): its totals page, nothing of the full reports.
    const representatives = flattenNavigation(navigationFor({ accountType: 'Admin', permissions: { workTotals: ['read'] } })).map((i) => i.path);
    expect(representatives).toContain('/representatives');
    expect(representatives).toContain('/representatives/disputes');
    expect(representatives).not.toContain('/reports/employee-attendance');
    expect(representatives).not.toContain('/inspection-links');
  });

  it('gives each account type its area', () => {
    expect(navigationFor(admin, 'personal')[0]!.path).toBe('/personal/dashboard');
    expect(navigationFor({ accountType: 'SuperAdmin', permissions: {} }, 'personal')[0]!.path).toBe('/dashboard');
    expect(navigationFor({ accountType: 'Employee', permissions: {} }, 'admin')[0]!.path).toBe('/personal/dashboard');
    expect(navAreaOf('/personal/leave')).toBe('personal');
    expect(navAreaOf('/employees')).toBe('admin');
  });

  it('marks the list active for its forms and details', () => {
    const employees = navigationFor(admin).find((i) => i.key === 'employees')!;
    expect(isActive(employees, '/employees')).toBe(true);
    expect(isActive(employees, '/employee-edit/3')).toBe(true);
    expect(isActive(employees, '/attendance')).toBe(false);
    const reports = navigationFor(admin).find((i) => i.key === 'reports')!;
    expect(isActive(reports, '/reports/employee-list')).toBe(true);
  });

  it('offers "switch to my account" only to an Admin linked to an employee', () => {
    expect(canSwitchToPersonal({ accountType: 'Admin', employeeId: 4 })).toBe(true);
    expect(canSwitchToPersonal({ accountType: 'Admin', employeeId: null })).toBe(false);
    expect(canSwitchToPersonal({ accountType: 'SuperAdmin', employeeId: 4 })).toBe(false);
  });
});
