import argon2 from 'argon2';
import Database from 'better-sqlite3';
import path from 'node:path';

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
  const db = new Database(path.join(dataDir, 'jornada.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const at = new Date().toISOString();
    const companyId = (db.prepare('select id from companies order by id limit 1').get() as { id: number }).id;
    let roleId: number;
    if (account.permissions) {
      roleId = Number(
        db
          .prepare('insert into roles (name, company_id, permissions, is_default, created_at, updated_at) values (?,?,?,0,?,?)')
          .run(account.roleName ?? `role-${account.email}`, companyId, JSON.stringify(account.permissions), at, at)
          .lastInsertRowid,
      );
    } else {
      const name = account.accountType === 'Employee' ? 'Employee' : 'Administrator';
      roleId = (db.prepare('select id from roles where name = ? order by id limit 1').get(name) as { id: number }).id;
    }
    return Number(
      db
        .prepare(
          `insert into users (name, email, password_hash, role_id, status, account_type, company_id, created_at, updated_at)
           values (?,?,?,?,?,?,?,?,?)`,
        )
        .run(account.email, account.email, hash, roleId, account.status ?? 'enabled', account.accountType, companyId, at, at)
        .lastInsertRowid,
    );
  } finally {
    db.close();
  }
}

/** Test setup only: changes a user's status or bumps their session version directly. */
export function updateUser(dataDir: string, id: number, change: { status?: string; bumpSessionVersion?: boolean }) {
  const db = new Database(path.join(dataDir, 'jornada.db'));
  db.pragma('busy_timeout = 5000');
  try {
    if (change.status) db.prepare('update users set status = ? where id = ?').run(change.status, id);
    if (change.bumpSessionVersion) db.prepare('update users set session_version = session_version + 1 where id = ?').run(id);
  } finally {
    db.close();
  }
}
