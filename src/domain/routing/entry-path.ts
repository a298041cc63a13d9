import { hasAuthority, type AccountType, type Permissions } from '../permissions/permissions.ts';
import { PAGE_ROUTES } from './route-table.ts';

export const SIGN_IN_PATH = '/sign-in';
export const ACCESS_DENIED_PATH = '/access-denied';

/**
 * Where a signed-in user lands: employees in the personal area, admins on the dashboard. An Admin
 * whose role does not read the dashboard (a narrow role such as Representatives, decision 036)
 * lands on the first admin page of the route table its role opens, else in the personal area.
 */
export function entryPath(accountType: AccountType, permissions?: Permissions): string {
  if (accountType === 'Employee') return '/personal/dashboard';
  if (accountType === 'SuperAdmin' || !permissions || hasAuthority(accountType, permissions, ['dashboard.read'])) return '/dashboard';
  const first = PAGE_ROUTES.find((r) => r.set === 'admin' && r.authority.length > 0 && !r.pattern.includes('{id}') && hasAuthority(accountType, permissions, r.authority));
  return first?.pattern ?? '/personal/dashboard';
}

/**
 * Returns the redirect target only when it is a path on this site ("/x", not "//host", not
 * "/\\host", no scheme, no control characters); otherwise undefined. Never an open redirect.
 */
export function safeLocalPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  try {
    const url = new URL(value, 'http://jornada.invalid');
    if (url.origin !== 'http://jornada.invalid') return undefined;
    const path = url.pathname + url.search + url.hash;
    // Dot segments can collapse into a protocol-relative path ("/..//evil" -> "//evil").
    if (path.startsWith('//')) return undefined;
    return path;
  } catch {
    return undefined;
  }
}

/** The sign-in path for a signed-out user who asked for `path` (no parameter for the root). */
export function signInPathFor(pathWithQuery: string): string {
  if (pathWithQuery === '/' || pathWithQuery === '') return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?redirectUrl=${encodeURIComponent(pathWithQuery)}`;
}
