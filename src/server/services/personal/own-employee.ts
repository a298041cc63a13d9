import type { SessionUser } from '../sign-in/session-user.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The employee whose personal data the caller may read: always and only the session's own
 * employee (an Employee account, or an Admin linked to one). Nothing in the request can name
 * another. An account linked to no employee has no personal data: 404 saying so (not 403: it
 * is not a matter of permission, and linking the account makes the data appear).
 */
export function ownEmployeeId(user: Pick<SessionUser, 'employeeId'>): number {
  if (user.employeeId === null) throw new AppError('personal.noEmployee', 404);
  return user.employeeId;
}
