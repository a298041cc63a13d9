import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../clock/now.ts';
import { log } from '../../log.ts';
import { upgradesExistingData } from './portable.ts';

/**
 * Issue 34, point 1: every Admin and Employee account belongs to a company (the user schemas
 * refuse one without since this version). An Admin without a company registered webhooks and
 * terminals that belonged to no company: its company's SuperAdmin could not see them, and they
 * heard every company's events.
 *
 * Existing Admin and Employee accounts without a company get the company of their linked employee,
 * else the installation's first company. Webhooks, terminals and inspection links without a
 * company get their creator's company (as just given), else the first company, unless a
 * SuperAdmin created them: a SuperAdmin may stand above the companies, and its rows keep hearing
 * or showing every company. API tokens carry no company (they act as their creator's account).
 *
 * Every change is written to the audit log (author null, action `assignCompany`, the company
 * before and after, the reason) and summed up in one log line, so the operator can review it.
 * No schema change: only data, on an upgraded SQLite installation (a PostgreSQL database is
 * always new, or copied after migrating).
 */
const REASON = 'Issue 34: every Admin and Employee account belongs to a company (migration 0035)';

export async function up(db: Kysely<any>): Promise<void> {
  if (!upgradesExistingData(db)) return;
  const first = (await sql<{ id: number | null }>`select min(id) as id from companies`.execute(db)).rows[0]?.id ?? null;
  if (first === null) return;
  const at = nowIso();
  const audit = async (entity: string, id: number, companyId: number) => {
    await sql`insert into audit_log (at, user_id, entity, entity_id, action, before, after, reason)
      values (${at}, null, ${entity}, ${String(id)}, 'assignCompany', ${JSON.stringify({ companyId: null })}, ${JSON.stringify({ companyId })}, ${REASON})`.execute(db);
  };

  const users = (
    await sql<{ id: number; employeeCompany: number | null }>`
      select u.id as id, e.company_id as "employeeCompany" from users u left join employees e on e.id = u.employee_id
      where u.company_id is null and u.account_type in ('Admin', 'Employee') order by u.id`.execute(db)
  ).rows;
  for (const user of users) {
    const companyId = user.employeeCompany ?? first;
    await sql`update users set company_id = ${companyId} where id = ${user.id}`.execute(db);
    await audit('user', user.id, companyId);
  }

  const counts: Record<string, number> = { users: users.length };
  for (const [table, entity] of [
    ['webhooks', 'webhook'],
    ['terminals', 'terminal'],
    ['inspection_links', 'inspectionLink'],
  ] as const) {
    const rows = (
      await sql<{ id: number; creatorCompany: number | null }>`
        select t.id as id, u.company_id as "creatorCompany" from ${sql.table(table)} t left join users u on u.id = t.created_by
        where t.company_id is null and (u.id is null or u.account_type <> 'SuperAdmin') order by t.id`.execute(db)
    ).rows;
    for (const row of rows) {
      const companyId = row.creatorCompany ?? first;
      await sql`update ${sql.table(table)} set company_id = ${companyId} where id = ${row.id}`.execute(db);
      await audit(entity, row.id, companyId);
    }
    counts[table] = rows.length;
  }
  if (Object.values(counts).some((n) => n > 0)) {
    log.warn({ migration: '0035-accounts-belong-to-a-company', assignedCompany: counts, firstCompany: first }, 'Rows without a company were given one (see the audit log, action assignCompany)');
  }
}
