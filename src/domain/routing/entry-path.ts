import type { AccountType } from '../permissions/permissions.ts';

export const SIGN_IN_PATH = '/sign-in';
export const ACCESS_DENIED_PATH = '/access-denied';

/** Where a signed-in user lands: employees in the personal area, admins on the dashboard. */
export function entryPath(accountType: AccountType): string {
  return accountType === 'Employee' ? '/personal/dashboard' : '/dashboard';
}

/**
 * Returns the redirect target only when it is a path on this site ("/x", not "//host", not
 * "/\\host", no scheme, no control characters); otherwise undefined. Never an open redirect.
 */
export function safeLocalPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
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
