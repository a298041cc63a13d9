import { describe, expect, it } from 'vitest';
import { allPermissions, type AccountType, type Permissions } from '../../src/domain/permissions/permissions.ts';
import { entryPath, safeLocalPath, signInPathFor } from '../../src/domain/routing/entry-path.ts';
import { navigationFor } from '../../src/domain/routing/navigation.ts';
import { resolvePageAccess } from '../../src/domain/routing/resolve-page-access.ts';
import { matchPageRoute, PAGE_ROUTES } from '../../src/domain/routing/route-table.ts';
import { apiPathExists, matchApiRoute, tablePattern } from '../../src/domain/routing/api-table.ts';

const as = (accountType: AccountType, permissions: Permissions = allPermissions()) => ({ accountType, permissions });
const decide = (path: string, user?: ReturnType<typeof as>, search = '', firstRun = false) => resolvePageAccess(path, search, user, { firstRun });

const SPEC_ADMIN_ROUTES = [
  '/dashboard',
  '/employees',
  '/employee-create',
  '/employee-edit/{id}',
  '/employee-details/{id}',
  '/attendance',
  '/attendance-create',
  '/attendance-edit/{id}',
  '/schedule',
  '/schedule-create',
  '/schedule-edit/{id}',
  '/leave-list',
  '/leave-edit/{id}',
  '/reports',
  '/reports/employee-attendance',
  '/reports/employee-birthdays',
  '/reports/employee-leaves',
  '/reports/employee-list',
  '/reports/employee-schedule',
  '/reports/hours-balance',
  '/reports/organization-profile',
  '/reports/user-accounts',
  '/users',
  '/users-create',
  '/users-edit/{id}',
  '/setting',
  '/company',
  '/department',
  '/jobtitle',
  '/leavetype',
  '/leavegroup',
  '/account-setting',
];
const SPEC_PERSONAL_ROUTES = [
  '/personal/dashboard',
  '/personal/attendance',
  '/personal/schedule',
  '/personal/leave',
  '/personal/leave-create',
  '/personal/leave-edit/{id}',
  '/personal/setting',
  '/personal/account-setting',
];

describe('route table', () => {
  it('holds every route of spec section 2 in its set', () => {
    for (const p of SPEC_ADMIN_ROUTES) expect(PAGE_ROUTES.find((r) => r.pattern === p)?.set, p).toBe('admin');
    for (const p of SPEC_PERSONAL_ROUTES) expect(PAGE_ROUTES.find((r) => r.pattern === p)?.set, p).toBe('personal');
    expect(matchPageRoute('/clock')?.set).toBe('public');
    expect(matchPageRoute('/access-denied')?.set).toBe('public');
    expect(matchPageRoute('/sign-in')?.set).toBe('guest');
  });

  it('matches ids as one segment and ignores a trailing slash', () => {
    expect(matchPageRoute('/employee-edit/42')?.pattern).toBe('/employee-edit/{id}');
    expect(matchPageRoute('/employee-edit/42/extra')).toBeUndefined();
    expect(matchPageRoute('/employees/')?.pattern).toBe('/employees');
    expect(matchPageRoute('/reports/')?.pattern).toBe('/reports');
  });

  it('uses the authorities of spec section 6; /users and account settings need none', () => {
    expect(matchPageRoute('/users')?.authority).toEqual([]);
    expect(matchPageRoute('/account-setting')?.authority).toEqual([]);
    expect(matchPageRoute('/users-create')?.authority).toEqual(['user.create']);
    expect(matchPageRoute('/jobtitle')?.authority).toEqual(['jobTitles.read']);
    expect(matchPageRoute('/reports/employee-list')?.authority).toEqual(['report.read']);
    expect(matchPageRoute('/attendance-edit/3')?.authority).toEqual(['attendance.update']);
  });
});

describe('redirect rules (spec section 2)', () => {
  it('sends a signed-out user to sign-in with redirectUrl, omitted for the root', () => {
    expect(decide('/')).toEqual({ kind: 'redirect', to: '/sign-in' });
    expect(decide('/employees')).toEqual({ kind: 'redirect', to: '/sign-in?redirectUrl=%2Femployees' });
    expect(decide('/employees', undefined, '?q=ana')).toEqual({
      kind: 'redirect',
      to: '/sign-in?redirectUrl=%2Femployees%3Fq%3Dana',
    });
    expect(decide('/personal/leave')).toEqual({ kind: 'redirect', to: '/sign-in?redirectUrl=%2Fpersonal%2Fleave' });
  });

  it('sends the root to the entry path of each account type', () => {
    expect(decide('/', as('SuperAdmin'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide('/', as('Admin'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide('/', as('Employee'))).toEqual({ kind: 'redirect', to: '/personal/dashboard' });
  });

  it('sends a signed-in user away from sign-in and sign-up to the entry path', () => {
    expect(decide('/sign-in', as('Admin'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide('/sign-in', as('Employee'))).toEqual({ kind: 'redirect', to: '/personal/dashboard' });
    expect(decide('/sign-up', as('SuperAdmin'))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('opens sign-up only on first run, and sends sign-in to sign-up then', () => {
    expect(decide('/sign-up', undefined, '', true)).toEqual({ kind: 'allow' });
    expect(decide('/sign-up')).toEqual({ kind: 'redirect', to: '/sign-in' });
    expect(decide('/sign-in', undefined, '', true)).toEqual({ kind: 'redirect', to: '/sign-up' });
    expect(decide('/sign-in')).toEqual({ kind: 'allow' });
  });

  it('opens /clock and /access-denied to everyone', () => {
    for (const user of [undefined, as('SuperAdmin'), as('Admin', {}), as('Employee', {})]) {
      expect(decide('/clock', user)).toEqual({ kind: 'allow' });
      expect(decide('/access-denied', user)).toEqual({ kind: 'allow' });
    }
  });

  it('sends unknown paths to access denied, signed in or not', () => {
    expect(decide('/nope', as('Admin'))).toEqual({ kind: 'redirect', to: '/access-denied' });
    expect(decide('/nope')).toEqual({ kind: 'redirect', to: '/access-denied' });
    expect(decide('/personal/nope', as('Employee'))).toEqual({ kind: 'redirect', to: '/access-denied' });
  });

  it('gives each account type only its route set', () => {
    for (const p of SPEC_ADMIN_ROUTES.map((r) => r.replace('{id}', '1'))) {
      expect(decide(p, as('SuperAdmin')), p).toEqual({ kind: 'allow' });
      expect(decide(p, as('Admin')), p).toEqual({ kind: 'allow' });
      expect(decide(p, as('Employee')), p).toEqual({ kind: 'redirect', to: '/access-denied' });
    }
    for (const p of SPEC_PERSONAL_ROUTES.map((r) => r.replace('{id}', '1'))) {
      expect(decide(p, as('SuperAdmin')), p).toEqual({ kind: 'redirect', to: '/access-denied' });
      expect(decide(p, as('Admin')), p).toEqual({ kind: 'allow' });
      expect(decide(p, as('Employee', {})), p).toEqual({ kind: 'allow' });
    }
  });

  it('sends an admin without the route authority to access denied; a SuperAdmin skips it', () => {
    const limited = as('Admin', { employee: ['read'] });
    expect(decide('/employees', limited)).toEqual({ kind: 'allow' });
    expect(decide('/employee-create', limited)).toEqual({ kind: 'redirect', to: '/access-denied' });
    expect(decide('/dashboard', limited)).toEqual({ kind: 'redirect', to: '/access-denied' });
    expect(decide('/users', limited)).toEqual({ kind: 'allow' });
    expect(decide('/employee-create', as('SuperAdmin', {}))).toEqual({ kind: 'allow' });
  });
});

describe('entry path and redirect targets', () => {
  it('names the entry path per account type', () => {
    expect(entryPath('Employee')).toBe('/personal/dashboard');
    expect(entryPath('Admin')).toBe('/dashboard');
    expect(entryPath('SuperAdmin')).toBe('/dashboard');
    // A narrow admin role lands on a page it opens (decision 036), not on an access-denied dashboard.
    expect(entryPath('Admin', { dashboard: ['read'], workTotals: ['read'] })).toBe('/dashboard');
    expect(entryPath('Admin', { workTotals: ['read'] })).toBe('/representatives');
    expect(entryPath('Admin', { employee: ['read'], report: ['read'] })).toBe('/employees');
    expect(entryPath('Admin', {})).toBe('/personal/dashboard');
    expect(entryPath('SuperAdmin', {})).toBe('/dashboard');
    expect(entryPath('Employee', { dashboard: ['read'] })).toBe('/personal/dashboard');
  });

  it('accepts only local paths (never an open redirect)', () => {
    expect(safeLocalPath('/employees?q=a#x')).toBe('/employees?q=a#x');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'employees', '', null, undefined, '/\t/evil.example', '/%0a', '/..//evil.example', '/./..//evil.example']) {
      const result = safeLocalPath(bad as string);
      if (bad === '/%0a') expect(result).toBe('/%0a');
      else expect(result, String(bad)).toBeUndefined();
    }
  });

  it('builds the sign-in path', () => {
    expect(signInPathFor('/')).toBe('/sign-in');
    expect(signInPathFor('/schedule')).toBe('/sign-in?redirectUrl=%2Fschedule');
  });
});

describe('navigation', () => {
  it('shows only the pages the role permits', () => {
    const paths = navigationFor(as('Admin', { employee: ['read'], attendance: ['read'] })).map((l) => l.path);
    // Every admin account manages its own API tokens (decision 057).
    expect(paths).toEqual(['/employees', '/attendance', '/users', '/settings/api-tokens', '/clock']);
    expect(navigationFor(as('Employee', {})).map((l) => l.path)).toContain('/personal/dashboard');
  });
});

describe('API table', () => {
  it('maps collection endpoints to resource authorities', () => {
    expect(matchApiRoute('GET', '/api/employees')?.authority).toEqual(['employee.read']);
    expect(matchApiRoute('POST', '/api/job-titles')?.authority).toEqual(['jobTitles.create']);
    expect(matchApiRoute('PATCH', '/api/leaves/[id]')?.authority).toEqual(['leave.update']);
    expect(matchApiRoute('DELETE', '/api/users/[id]')?.authority).toEqual(['user.delete']);
    expect(matchApiRoute('POST', '/api/employees/[id]/archive')?.authority).toEqual(['employee.archive']);
    expect(matchApiRoute('HEAD', '/api/health')?.public).toBe(true);
  });

  it('knows public endpoints and unknown ones', () => {
    for (const p of ['/api/user/login', '/api/sign-up', '/api/sign-out', '/api/clock']) {
      expect(matchApiRoute('POST', p)?.public, p).toBe(true);
    }
    expect(matchApiRoute('GET', '/api/nothing')).toBeUndefined();
    expect(matchApiRoute('PUT', '/api/employees')).toBeUndefined();
    expect(apiPathExists('/api/employees')).toBe(true);
    expect(apiPathExists('/api/nothing')).toBe(false);
    // The catch-all file route is no endpoint: an unknown path answers 404.
    expect(apiPathExists('/api/[...path]')).toBe(false);
    expect(matchApiRoute('GET', '/api/[...path]')).toBeUndefined();
  });

  it("takes Astro's route pattern, whatever the file calls its parameters", () => {
    expect(tablePattern('/api/employees/[id]/photos/[photoId]/image')).toBe('/api/employees/{id}/photos/{id}/image');
    expect(matchApiRoute('GET', '/api/employees/[id]/photos/[photoId]/image')?.authority).toEqual(['employee.read']);
    expect(matchApiRoute('GET', '/api/reports/[report]')?.authority).toEqual(['report.read']);
  });
});
