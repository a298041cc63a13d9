import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pinKey } from '../../src/server/auth/pin-key.ts';
import { resetInstanceConfigCache } from '../../src/server/config/instance-config.ts';
import { createKysely, openSqlite, type Db } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { chainFigureRows } from '../../src/server/db/repositories/record-chain.ts';
import { insertUser } from '../../src/server/db/repositories/users.ts';
import { createFirstAccount } from '../../src/server/services/first-run/create-first-account.ts';
import { invalidateSettings } from '../../src/server/services/get-settings.ts';
import { defaultRoles } from '../../src/domain/permissions/default-roles.ts';
import type { Permissions } from '../../src/domain/permissions/permissions.ts';
import type { Actor } from '../../src/domain/users/account-rules.ts';

/**
 * The service test layer (tests/service): services called in-process against a migrated SQLite
 * file in a temporary DATA_DIR of their own, no server and no HTTP. Each test file calls
 * `openServiceDb()` in beforeAll and `close()` in afterAll. DATA_DIR (and with it config.json,
 * the PIN pepper) is switched when the database opens; vitest runs each file in its own module
 * graph, so the caches of one file (instance config, settings, rate limiters) never reach another.
 */

const AT = '2026-01-05T09:00:00.000Z';

/** An account as services take it: the audit's user id, its role's permissions, whose records. */
export interface TestActor extends Actor {
  employeeId: number | null;
  companyId: number;
}

export interface ServiceDb {
  db: Db;
  dataDir: string;
  /** The first company, with its default roles and settings. */
  companyId: number;
  roles: { administrator: number; employee: number };
  departmentId: number;
  jobTitleId: number;
  leaveGroupId: number;
  leaveTypeId: number;
  /** The first run's SuperAdmin. */
  superAdmin: TestActor;
  /** An Admin account with the Administrator role (every permission). */
  admin: TestActor;
  /** Adds an employee of the company (PIN stored as its key) and returns its id. */
  addEmployee(input: { firstName: string; pin: string; lastName?: string }): Promise<number>;
  /** Gives an employee a current 09:00-17:00 schedule with no rest day (since 2020, chained as the app does); returns its id. */
  addEveryDaySchedule(employeeId: number): Promise<number>;
  /** Adds an account; a role with `permissions` is created for it unless `roleId` is given. */
  addAccount(input: { email: string; accountType: Actor['accountType']; roleId?: number; permissions?: Permissions; employeeId?: number | null }): Promise<TestActor>;
  close(): Promise<void>;
}

/** A migrated database before its first run: no company, no user (what sign-up starts from). */
export interface EmptyDb {
  db: Db;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Opens a migrated SQLite file in a new temporary DATA_DIR, with nothing in it yet: for tests of
 * the first run itself (sign-up). A file may open several one after the other (DATA_DIR and the
 * caches follow the last one opened), each closed before the next opens.
 */
export async function openEmptyDb(): Promise<EmptyDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jornada-service-'));
  process.env.DATA_DIR = dataDir;
  resetInstanceConfigCache();
  invalidateSettings();
  const sqlite = openSqlite(path.join(dataDir, 'jornada.db'));
  const db = createKysely(sqlite);
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    async close() {
      await db.destroy();
      resetInstanceConfigCache();
      invalidateSettings();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function openServiceDb(): Promise<ServiceDb> {
  const { db, dataDir, close } = await openEmptyDb();

  const { userId, companyId } = await createFirstAccount(db, {
    company: 'Empresa de Servicio',
    fullName: 'Super Admin',
    email: 'super@service.test',
    password: 'Servicio#2026',
  });
  invalidateSettings();
  const roleRows = await db.selectFrom('roles').select(['id', 'name']).where('companyId', '=', companyId).execute();
  const roleIdOf = (name: string) => roleRows.find((r) => r.name === name)!.id;
  const roles = { administrator: roleIdOf('Administrator'), employee: roleIdOf('Employee') };
  const permissionsOf = (name: string) => defaultRoles().find((r) => r.name === name)!.permissions;

  const { id: departmentId } = await db.insertInto('departments').values({ name: 'Tienda', companyId, createdAt: AT, updatedAt: AT }).returning('id').executeTakeFirstOrThrow();
  const { id: jobTitleId } = await db.insertInto('jobTitles').values({ name: 'Dependiente', departmentId, companyId, createdAt: AT, updatedAt: AT }).returning('id').executeTakeFirstOrThrow();
  const { id: leaveTypeId } = await db.insertInto('leaveTypes').values({ name: 'Vacaciones', companyId, daysPerYear: 22, createdAt: AT, updatedAt: AT }).returning('id').executeTakeFirstOrThrow();
  const { id: leaveGroupId } = await db
    .insertInto('leaveGroups')
    .values({ name: 'General', description: 'Plantilla', status: 'active', companyId, createdAt: AT, updatedAt: AT })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('leaveGroupLeaveTypes').values({ leaveGroupId, leaveTypeId }).execute();

  let employees = 0;
  const addEmployee: ServiceDb['addEmployee'] = async ({ firstName, pin, lastName = 'Prueba' }) => {
    employees++;
    const row = await db
      .insertInto('employees')
      .values({
        firstName,
        lastName,
        gender: 'female',
        civilStatus: null,
        height: null,
        weight: null,
        email: `employee${employees}@service.test`,
        phone: null,
        birthday: null,
        nationalId: `X${String(employees).padStart(7, '0')}T`,
        placeOfBirth: null,
        address: null,
        image: null,
        companyId,
        departmentId,
        jobTitleId,
        leaveGroupId,
        leavePrivilege: null,
        companyEmail: null,
        employmentType: 'regular',
        employmentStatus: null,
        officialStartDate: null,
        dateRegularized: null,
        pinKey: pinKey(pin),
        rfidCard: null,
        status: 'active',
        biometricConsentAt: null,
        biometricConsentBy: null,
        createdAt: AT,
        updatedAt: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const addEveryDaySchedule: ServiceDb['addEveryDaySchedule'] = async (employeeId) => {
    const stamp = '2020-01-01T00:00:00.000Z';
    const { id } = await db
      .insertInto('schedules')
      .values({ employeeId, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: '[]', fromDate: '2020-01-01', toDate: null, status: 'current', createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await chainFigureRows(db, 'schedule', [id]);
    return id;
  };

  const addAccount: ServiceDb['addAccount'] = async (input) => {
    let roleId = input.roleId;
    let permissions: Permissions;
    if (roleId === undefined) {
      permissions = input.permissions ?? {};
      roleId = (
        await db
          .insertInto('roles')
          .values({ name: `Rol ${input.email}`, companyId, permissions: JSON.stringify(permissions), isDefault: 0, createdAt: AT, updatedAt: AT })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const row = await db.selectFrom('roles').select('permissions').where('id', '=', roleId).executeTakeFirstOrThrow();
      permissions = JSON.parse(row.permissions) as Permissions;
    }
    const employeeId = input.employeeId ?? null;
    const id = await insertUser(db, {
      name: input.email,
      email: input.email,
      // Not a hash of anything: these accounts never sign in.
      passwordHash: 'x',
      roleId,
      status: 'enabled',
      accountType: input.accountType,
      companyId,
      employeeId,
      image: null,
      lastSignInAt: null,
      createdAt: AT,
      updatedAt: AT,
    });
    return { id, roleId, accountType: input.accountType, permissions, employeeId, companyId };
  };

  const superAdmin: TestActor = {
    id: userId,
    roleId: roles.administrator,
    accountType: 'SuperAdmin',
    permissions: permissionsOf('Administrator'),
    employeeId: null,
    companyId,
  };
  const admin = await addAccount({ email: 'admin@service.test', accountType: 'Admin', roleId: roles.administrator });

  return {
    db,
    dataDir,
    companyId,
    roles,
    departmentId,
    jobTitleId,
    leaveGroupId,
    leaveTypeId,
    superAdmin,
    admin,
    addEmployee,
    addEveryDaySchedule,
    addAccount,
    close,
  };
}
