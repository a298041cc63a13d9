import argon2 from 'argon2';
import { sqlIn } from './test-sql.ts';

/**
 * Test setup only: adds a role and a user straight into a running server's database (the users
 * screens arrive with a later issue). Opens its own connection; WAL lets the server keep reading.
 */
export async function addAccount(
  dataDir: string,
  account: {
    email: string;
    password: string;
    accountType: 'SuperAdmin' | 'Admin' | 'Employee';
    permissions?: Record<string, string[]>;
    roleName?: string;
    status?: 'enabled' | 'disabled';
  },
): Promise<number> {
  const hash = await argon2.hash(account.password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const at = new Date().toISOString();
  const companyId = sqlIn<{ id: number }>(dataDir, 'select id from companies order by id limit 1')[0]!.id;
  let roleId: number;
  if (account.permissions) {
    roleId = sqlIn<{ id: number }>(
      dataDir,
      'insert into roles (name, company_id, permissions, is_default, created_at, updated_at) values (?,?,?,0,?,?) returning id',
      account.roleName ?? `role-${account.email}`,
      companyId,
      JSON.stringify(account.permissions),
      at,
      at,
    )[0]!.id;
  } else {
    const name = account.accountType === 'Employee' ? 'Employee' : 'Administrator';
    roleId = sqlIn<{ id: number }>(dataDir, 'select id from roles where name = ? order by id limit 1', name)[0]!.id;
  }
  return sqlIn<{ id: number }>(
    dataDir,
    `insert into users (name, email, password_hash, role_id, status, account_type, company_id, created_at, updated_at)
     values (?,?,?,?,?,?,?,?,?) returning id`,
    account.email,
    account.email,
    hash,
    roleId,
    account.status ?? 'enabled',
    account.accountType,
    companyId,
    at,
    at,
  )[0]!.id;
}

/** Test setup only: changes a user's status or bumps their session version directly. */
export function updateUser(dataDir: string, id: number, change: { status?: string; bumpSessionVersion?: boolean }) {
  if (change.status) sqlIn(dataDir, 'update users set status = ? where id = ?', change.status, id);
  if (change.bumpSessionVersion) sqlIn(dataDir, 'update users set session_version = session_version + 1 where id = ?', id);
}
