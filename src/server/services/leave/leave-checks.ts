import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import { countWorkingDays, returnDateAfter } from '#domain/leave/leave-days.ts';
import { balanceShortfall, findOverlap, type LeaveStatus } from '#domain/leave/leave-rules.ts';
import { employeeScope } from '#domain/permissions/record-access.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { employmentOf } from '#domain/leave/accrual.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { nowMs } from '../../clock/now.ts';
import { getSettings } from '../get-settings.ts';
import { allowedLeaveTypes, employmentDates, findLeave, leaveEmployee, leaveSpansOf, leaveTypesById, workCalendarOf, type LeaveDto } from '../../db/repositories/leaves.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { requireReadable } from '../record-guard.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { checkToilRequest } from '../balance/check-toil-request.ts';

export type LeaveActor = Pick<SessionUser, 'id' | 'accountType' | 'employeeId'>;

/** Validates input; 422 whose message is the first problem's text, every problem by field. */
export function validateLeave<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    const fields = issuesToFieldKeys(result.issues);
    const first = Object.values(fields)[0] ?? 'validation.invalidInput';
    throw new AppError(Object.keys(fields).length > 1 ? 'validation.invalidInput' : first, 422, {}, fields);
  }
  return result.output;
}

/**
 * Whose leave a request is: an Employee account's own employee whatever the input says (422 when
 * the account is linked to none); for an admin, the employee named in the input.
 */
export function requestEmployee(actor: LeaveActor, named: number | null): number {
  const scope = employeeScope(actor);
  if (scope.kind === 'none') throw new AppError('leave.noEmployee', 422, {}, { employee: 'leave.noEmployee' });
  if (scope.kind === 'own') return scope.employeeId;
  if (named === null) throw new AppError('validation.required', 422, {}, { employee: 'validation.required' });
  return named;
}

/**
 * A leave the actor may see: one outside the actor's employees (decision 024) answers 404, so its
 * existence is not revealed (like schedules and attendance).
 */
export async function visibleLeave(db: Db, id: number, actor: LeaveActor): Promise<LeaveDto> {
  const leave = await findLeave(db, id);
  if (!leave) throw notFound();
  requireReadable(actor, leave.employee);
  return leave;
}

/** Only a pending request may be edited or withdrawn; a decided one says how it was decided. */
export function requirePending(status: LeaveStatus): void {
  if (status === 'approved') throw new AppError('leave.alreadyApproved', 409);
  if (status === 'declined') throw new AppError('leave.alreadyDeclined', 409);
}

export interface CheckedRequest {
  employeeId: number;
  leaveTypeId: number;
  from: string;
  to: string;
  /** The leave being edited or decided (left out of overlap and balance). */
  id?: number;
}

/**
 * The rules of a standing request (pending or approved), read inside the writing transaction:
 * the employee exists and is active; the leave type is in their leave group's privilege; the dates
 * hold at least one working day; no other standing request shares a day; the yearly allowance
 * of the type covers it in every year it touches. Returns the return date.
 */
export async function checkStandingRequest(trx: Db, request: CheckedRequest, lang: Language, options: { privilege?: boolean } = {}): Promise<string> {
  const employee = await leaveEmployee(trx, request.employeeId);
  if (!employee) throw new AppError('validation.invalidInput', 422, {}, { employee: 'validation.unknownRecord' });
  if (employee.status !== 'active') throw new AppError('leave.employeeArchived', 422, {}, { employee: 'leave.employeeArchived' });

  let type = (await allowedLeaveTypes(trx, request.employeeId)).find((t) => t.id === request.leaveTypeId);
  if (!type && options.privilege === false) type = (await leaveTypesById(trx, [request.leaveTypeId]))[0];
  if (!type) throw new AppError('leave.typeNotAllowed', 422, {}, { leaveType: 'leave.typeNotAllowed' });

  const calendar = await workCalendarOf(trx, request.employeeId);
  if (countWorkingDays(calendar, request.from, request.to) === 0) {
    throw new AppError('leave.noWorkingDays', 422, {}, { to: 'leave.noWorkingDays' });
  }

  const leaves = await leaveSpansOf(trx, request.employeeId);
  const clash = findOverlap(leaves, request.from, request.to, request.id);
  if (clash) {
    const params = { from: formatLocalDate(clash.from, lang), to: formatLocalDate(clash.to, lang) };
    throw new AppError('leave.overlaps', 409, params, { from: 'leave.overlapsField' });
  }

  const dates = await employmentDates(trx, request.employeeId);
  const context = dates && { employment: employmentOf(dates, leaves), asOf: localDateOf(nowMs(), (await getSettings(trx)).timezone) };
  const shortfall = balanceShortfall({ id: request.id ?? 0, leaveTypeId: type.id, from: request.from, to: request.to }, type, leaves, calendar, context);
  if (shortfall) {
    throw new AppError('leave.exceedsBalance', 422, { type: type.name, ...shortfall }, { to: 'leave.exceedsBalanceField' });
  }
  // Time off in lieu draws from the hours balance (decision 049).
  await checkToilRequest(trx, { ...request, leaveTypeId: type.id }, lang);
  return returnDateAfter(calendar, request.to);
}
