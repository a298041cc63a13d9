import { hasAuthority, type AccountType, type Permissions } from '../permissions/permissions.ts';
import { ACCESS_DENIED_PATH, entryPath, signInPathFor } from './entry-path.ts';
import { matchPageRoute, ROUTE_SETS } from './route-table.ts';

export interface SessionSubject {
  accountType: AccountType;
  permissions: Permissions;
}

export type PageAccess = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * The redirect rules of spec section 2 for a page request, as a pure decision.
 * `search` is the query string including "?" (or empty).
 */
export function resolvePageAccess(pathname: string, search: string, user: SessionSubject | undefined, options: { firstRun: boolean }): PageAccess {
  if (pathname === '/' || pathname === '') {
    return { kind: 'redirect', to: user ? entryPath(user.accountType, user.permissions) : signInPathFor('/') };
  }
  const route = matchPageRoute(pathname);
  if (!route) return { kind: 'redirect', to: ACCESS_DENIED_PATH };

  switch (route.set) {
    case 'public':
      return { kind: 'allow' };
    case 'guest':
      if (user) return { kind: 'redirect', to: entryPath(user.accountType, user.permissions) };
      if (route.pattern === '/sign-up' && !options.firstRun) return { kind: 'redirect', to: '/sign-in' };
      if (route.pattern === '/sign-in' && options.firstRun) return { kind: 'redirect', to: '/sign-up' };
      return { kind: 'allow' };
    default:
      if (!user) return { kind: 'redirect', to: signInPathFor(pathname + search) };
      if (!ROUTE_SETS[user.accountType].includes(route.set)) return { kind: 'redirect', to: ACCESS_DENIED_PATH };
      if (!hasAuthority(user.accountType, user.permissions, route.authority)) {
        return { kind: 'redirect', to: ACCESS_DENIED_PATH };
      }
      return { kind: 'allow' };
  }
}
