import type { EmployeeDto } from '#domain/api/records.ts';
import { parseListQuery } from '#domain/lists/list-query.ts';
import type { RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { EMPLOYEE_SORTS, listEmployees as employeesPage } from '../../db/repositories/employees.ts';
import { hoursBalances } from '../balance/hours-balances.ts';
import { accountStatus } from '#domain/accounts/account-links.ts';
import { nowIso } from '../../clock/now.ts';
import { employeesWithAccount, latestInvitations } from '../../db/repositories/account-links.ts';

/**
 * The page of the employee list the URL asks for (q, status, department, company, sort, page,
 * pageSize), of the employees the viewer may read. With `withBalance=1` (the employee register)
 * each row carries its hours balance in seconds (decision 049), worked out for that page only, and
 * its account status (decision 066).
 */
export async function listEmployees(db: Db, params: URLSearchParams, viewer: RecordAccount): Promise<{ data: EmployeeDto[]; total: number }> {
  const query = parseListQuery(params, { sortable: Object.keys(EMPLOYEE_SORTS), defaultSort: 'name' });
  const page = await employeesPage(db, query, viewer);
  if (params.get('withBalance') !== '1') return page;
  // The register shows each row's account: joined, invited, invitation expired or none (decision 066).
  const ids = page.data.map((e) => e._id);
  const [joined, invitations] = await Promise.all([employeesWithAccount(db, ids), latestInvitations(db, ids)]);
  const now = nowIso();
  for (const e of page.data) e.account = accountStatus(joined.has(e._id), invitations.get(e._id) ?? null, now);
  const balances = new Map((await hoursBalances(db, { ids: page.data.map((e) => e._id) })).map((b) => [b.employee.id, b]));
  for (const e of page.data) {
    const mine = balances.get(e._id);
    e.hoursBalanceSeconds = mine && mine.from !== null ? mine.balance.balanceSeconds : null;
  }
  return page;
}
