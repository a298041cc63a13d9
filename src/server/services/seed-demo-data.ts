import type { Insertable } from 'kysely';
import {
  addDays,
  localDateOf,
  localDateTimeToUtcIso,
  weekdayOf,
  type WeekdayName,
} from '../../domain/time/zoned-time.ts';
import { hashPassword } from '../auth/passwords.ts';
import { pinKey } from '../auth/pin-key.ts';
import type { Db } from '../db/connection.ts';
import { readSettings } from '../db/repositories/settings.ts';
import { emailExists, insertUser } from '../db/repositories/users.ts';
import type { AttendanceTable, Database, EmployeeTable, LeaveTable, PunchTable } from '../db/schema.ts';

/** Password of the two demo accounts (manager@demo.jornada, employee@demo.jornada). */
export const DEMO_USER_PASSWORD = 'Demo#2026';
export const DEMO_MANAGER_EMAIL = 'manager@demo.jornada';
export const DEMO_EMPLOYEE_EMAIL = 'employee@demo.jornada';

/** Employee i (1-based, in roster order) has this PIN, so guides can name them. */
export const demoPin = (i: number): string => String(100000 + i);

const ATTENDANCE_DAYS = 60;
const SCHEDULE_DAYS = 90;
const CHUNK = 200;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

// ---------------------------------------------------------------------------------------------
// The data set
// ---------------------------------------------------------------------------------------------

const DEPARTMENTS = [
  { key: 'bakery', name: 'Obrador', jobTitles: ['Oficial de panadería', 'Ayudante de obrador'] },
  { key: 'shop', name: 'Tienda', jobTitles: ['Responsable de tienda', 'Dependiente'] },
  { key: 'office', name: 'Administración', jobTitles: ['Gerente', 'Auxiliar administrativo'] },
] as const;
type DepartmentKey = (typeof DEPARTMENTS)[number]['key'];

const LEAVE_TYPES = [
  { key: 'vacation', name: 'Vacaciones', daysPerYear: 22 },
  { key: 'personal', name: 'Asuntos propios', daysPerYear: 3 },
  { key: 'sick', name: 'Baja médica', daysPerYear: null },
] as const;
type LeaveTypeKey = (typeof LEAVE_TYPES)[number]['key'];

const SHIFTS = {
  early: { startTime: '07:00', offTime: '15:00' },
  morning: { startTime: '08:00', offTime: '16:00' },
  office: { startTime: '09:00', offTime: '17:00' },
  night: { startTime: '22:00', offTime: '06:00' },
} as const;
type ShiftKey = keyof typeof SHIFTS;

const WEEKEND: WeekdayName[] = ['Saturday', 'Sunday'];
const SUN_MON: WeekdayName[] = ['Sunday', 'Monday'];

interface RosterEntry {
  firstName: string;
  lastName: string;
  gender: 'male' | 'female';
  department: DepartmentKey;
  /** Index into the department's job titles. */
  jobTitle: 0 | 1;
  shift: ShiftKey;
  restDays: WeekdayName[];
  trainee?: boolean;
}

/** Roster order is the employee number: employee 1 is the manager, employee 2 the demo employee. */
const ROSTER: RosterEntry[] = [
  { firstName: 'Carmen', lastName: 'Ruiz Navarro', gender: 'female', department: 'office', jobTitle: 0, shift: 'office', restDays: WEEKEND },
  { firstName: 'Javier', lastName: 'Moreno Gil', gender: 'male', department: 'shop', jobTitle: 1, shift: 'morning', restDays: SUN_MON },
  { firstName: 'Lucía', lastName: 'García Fernández', gender: 'female', department: 'bakery', jobTitle: 0, shift: 'early', restDays: WEEKEND },
  { firstName: 'Antonio', lastName: 'López Martín', gender: 'male', department: 'bakery', jobTitle: 0, shift: 'night', restDays: SUN_MON },
  { firstName: 'María', lastName: 'Sánchez Pérez', gender: 'female', department: 'shop', jobTitle: 0, shift: 'morning', restDays: SUN_MON },
  { firstName: 'David', lastName: 'Martínez Romero', gender: 'male', department: 'bakery', jobTitle: 1, shift: 'early', restDays: WEEKEND },
  { firstName: 'Laura', lastName: 'Jiménez Díaz', gender: 'female', department: 'office', jobTitle: 1, shift: 'office', restDays: WEEKEND },
  { firstName: 'Sergio', lastName: 'Hernández Muñoz', gender: 'male', department: 'shop', jobTitle: 1, shift: 'office', restDays: SUN_MON },
  { firstName: 'Ana', lastName: 'Álvarez Torres', gender: 'female', department: 'bakery', jobTitle: 1, shift: 'early', restDays: SUN_MON },
  { firstName: 'Pablo', lastName: 'Domínguez Vázquez', gender: 'male', department: 'shop', jobTitle: 1, shift: 'morning', restDays: WEEKEND },
  { firstName: 'Elena', lastName: 'Ramos Castillo', gender: 'female', department: 'shop', jobTitle: 1, shift: 'office', restDays: SUN_MON },
  { firstName: 'Manuel', lastName: 'Serrano Ortega', gender: 'male', department: 'bakery', jobTitle: 0, shift: 'early', restDays: WEEKEND },
  { firstName: 'Marta', lastName: 'Molina Delgado', gender: 'female', department: 'office', jobTitle: 1, shift: 'morning', restDays: WEEKEND },
  { firstName: 'Alejandro', lastName: 'Blanco Rubio', gender: 'male', department: 'shop', jobTitle: 1, shift: 'morning', restDays: SUN_MON },
  { firstName: 'Cristina', lastName: 'Suárez Marín', gender: 'female', department: 'bakery', jobTitle: 1, shift: 'early', restDays: WEEKEND },
  { firstName: 'Francisco', lastName: 'Castro Iglesias', gender: 'male', department: 'shop', jobTitle: 0, shift: 'office', restDays: WEEKEND },
  { firstName: 'Paula', lastName: 'Ortiz Garrido', gender: 'female', department: 'shop', jobTitle: 1, shift: 'office', restDays: SUN_MON },
  { firstName: 'Raúl', lastName: 'Morales Santos', gender: 'male', department: 'bakery', jobTitle: 1, shift: 'morning', restDays: SUN_MON, trainee: true },
  { firstName: 'Isabel', lastName: 'Gutiérrez Cano', gender: 'female', department: 'office', jobTitle: 1, shift: 'office', restDays: WEEKEND },
  { firstName: 'Jorge', lastName: 'Prieto Medina', gender: 'male', department: 'bakery', jobTitle: 1, shift: 'early', restDays: WEEKEND },
  { firstName: 'Sara', lastName: 'Vega Herrera', gender: 'female', department: 'shop', jobTitle: 1, shift: 'morning', restDays: WEEKEND, trainee: true },
  { firstName: 'Daniel', lastName: 'Cortés Lozano', gender: 'male', department: 'bakery', jobTitle: 1, shift: 'early', restDays: SUN_MON },
  { firstName: 'Nuria', lastName: 'Fuentes Cabrera', gender: 'female', department: 'shop', jobTitle: 1, shift: 'office', restDays: SUN_MON, trainee: true },
  { firstName: 'Miguel', lastName: 'Calvo Reyes', gender: 'male', department: 'office', jobTitle: 1, shift: 'morning', restDays: WEEKEND },
  { firstName: 'Rocío', lastName: 'Peña Aguilar', gender: 'female', department: 'bakery', jobTitle: 1, shift: 'morning', restDays: WEEKEND },
];

interface LeavePlan {
  /** 1-based roster number. */
  employee: number;
  type: LeaveTypeKey;
  status: LeaveTable['status'];
  /** Days from today to the first day looked at; the leave starts on the next working day. */
  offset: number;
  workingDays: number;
  reason: string;
  comment: string | null;
}

/** Past approved leaves remove attendance days; declined ones leave the worked days alone. */
const LEAVE_PLANS: LeavePlan[] = [
  { employee: 3, type: 'vacation', status: 'approved', offset: -45, workingDays: 5, reason: 'Vacaciones familiares en la playa', comment: '¡Buen descanso!' },
  { employee: 9, type: 'sick', status: 'approved', offset: -20, workingDays: 3, reason: 'Gripe, con parte de baja del médico de cabecera', comment: null },
  { employee: 14, type: 'personal', status: 'approved', offset: -12, workingDays: 1, reason: 'Mudanza de piso', comment: null },
  { employee: 6, type: 'vacation', status: 'declined', offset: -30, workingDays: 2, reason: 'Puente largo con la familia', comment: 'Coincide con el inventario trimestral del obrador' },
  { employee: 20, type: 'sick', status: 'approved', offset: -2, workingDays: 5, reason: 'Esguince de tobillo', comment: 'Que te mejores' },
  { employee: 2, type: 'personal', status: 'pending', offset: 7, workingDays: 1, reason: 'Gestiones en el ayuntamiento', comment: null },
  { employee: 10, type: 'vacation', status: 'pending', offset: 10, workingDays: 5, reason: 'Viaje a Galicia', comment: null },
  { employee: 17, type: 'personal', status: 'declined', offset: 3, workingDays: 1, reason: 'Boda de un familiar', comment: 'Falta de personal en tienda ese día; propón otra fecha' },
  { employee: 12, type: 'vacation', status: 'approved', offset: 21, workingDays: 10, reason: 'Vacaciones de invierno', comment: null },
];

const CITIES = ['Badajoz', 'Cáceres', 'Sevilla', 'Huelva', 'Salamanca', 'Madrid', 'Vigo', 'Mérida', 'Córdoba', 'Valladolid'];
const STREETS = ['Calle Mayor', 'Avenida de Europa', 'Calle del Sol', 'Plaza de España', 'Calle San Juan', 'Calle Real', 'Avenida de la Constitución', 'Calle Nueva'];
const CIVIL_STATUSES = ['single', 'single', 'married', 'married', 'divorced'];
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** mulberry32: a tiny seeded PRNG, so the data set is the same on every run for a given day. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Rng = ReturnType<typeof prng>;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();
const at = (date: string, time: string, timeZone: string) => Date.parse(localDateTimeToUtcIso(date, time, timeZone));

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** A Spanish DNI: 8 digits and the check letter (number mod 23). */
function dni(rng: Rng): string {
  const n = rng.int(10_000_000, 79_999_999);
  return `${n}${DNI_LETTERS[n % 23]}`;
}

function randomDate(rng: Rng, from: string, to: string): string {
  const span = Math.round((Date.parse(to) - Date.parse(from)) / (24 * HOUR));
  return addDays(from, rng.int(0, Math.max(0, span)));
}

interface PlannedEmployee extends RosterEntry {
  number: number;
  restDaySet: Set<WeekdayName>;
}

function isWorkingDay(e: PlannedEmployee, date: string): boolean {
  return !e.restDaySet.has(weekdayOf(date));
}

/** `count` working days starting on the first working day on or after `from`. */
function workingSpan(e: PlannedEmployee, from: string, count: number) {
  let d = from;
  while (!isWorkingDay(e, d)) d = addDays(d, 1);
  const fromDate = d;
  let toDate = d;
  for (let left = count - 1; left > 0; ) {
    d = addDays(d, 1);
    if (isWorkingDay(e, d)) {
      toDate = d;
      left--;
    }
  }
  let returnDate = addDays(toDate, 1);
  while (!isWorkingDay(e, returnDate)) returnDate = addDays(returnDate, 1);
  return { fromDate, toDate, returnDate };
}

interface DayPlan {
  checkIn: number;
  checkOut: number | null;
  breakStart: number | null;
  breakEnd: number | null;
  lateSeconds: number;
  earlyDepartureSeconds: number;
  method: PunchTable['method'];
}

/**
 * One worked day as it happened (instants in ms), cut off at `now`: events after now have not
 * happened yet, so the day or its break may still be open.
 */
function planDay(rng: Rng, e: PlannedEmployee, date: string, timeZone: string, now: number): DayPlan | undefined {
  const shift = SHIFTS[e.shift];
  const start = at(date, shift.startTime, timeZone);
  const offDate = shift.offTime <= shift.startTime ? addDays(date, 1) : date;
  const off = at(offDate, shift.offTime, timeZone);

  const late = rng.chance(0.1);
  const checkIn = late ? start + rng.int(5 * 60, 25 * 60) * SECOND : start - rng.int(0, 12 * 60) * SECOND;
  const early = rng.chance(0.06);
  const checkOut = early ? off - rng.int(10 * 60, 45 * 60) * SECOND : off + rng.int(0, 15 * 60) * SECOND;
  const takesBreak = rng.chance(0.85);
  const breakStart = start + rng.int(210 * 60, 270 * 60) * SECOND;
  const breakEnd = breakStart + rng.int(15 * 60, 35 * 60) * SECOND;
  const method = rng.chance(0.15) ? 'face' : 'pin';

  if (checkIn > now) return undefined;
  const plan: DayPlan = {
    checkIn,
    checkOut: checkOut <= now ? checkOut : null,
    breakStart: takesBreak && breakStart <= now ? breakStart : null,
    breakEnd: takesBreak && breakEnd <= now ? breakEnd : null,
    lateSeconds: Math.max(0, (checkIn - start) / SECOND),
    earlyDepartureSeconds: checkOut <= now ? Math.max(0, (off - checkOut) / SECOND) : 0,
    method,
  };
  return plan;
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

/**
 * Fills a demo data set for the company: departments and job titles, leave types and a leave
 * group, 25 employees with schedules, 60 days of attendance with breaks and punches up to
 * yesterday, a few employees clocked in today, leave requests of every status, and two demo
 * accounts (manager@demo.jornada as Admin of employee 1, employee@demo.jornada for employee 2).
 * Employee i has PIN 100000 + i. Deterministic for a given `today` (default: today in the
 * company's time zone). Does nothing when the company already has employees. One transaction.
 */
export async function seedDemoData(db: Db, options: { companyId: number; today?: string }): Promise<void> {
  const { companyId } = options;
  const { timezone } = await readSettings(db);
  const realNow = Math.floor(Date.now() / 1000) * 1000;
  const realToday = localDateOf(realNow, timezone);
  const today = options.today ?? realToday;
  // For another day than the real today, pretend it is late morning there, so the result only
  // depends on `today`.
  const now = today === realToday ? realNow : at(today, '11:30', timezone);
  // Master data dates from just before the schedules' start, so the history reads consistently.
  const stamp = localDateTimeToUtcIso(addDays(today, -SCHEDULE_DAYS - 1), '09:00', timezone);

  const passwordHash = await hashPassword(DEMO_USER_PASSWORD);
  const rng = prng(0x4a6f726e); // "Jorn"

  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('employees')
      .select('id')
      .where('companyId', '=', companyId)
      .limit(1)
      .executeTakeFirst();
    if (existing) return;

    // Departments and job titles.
    const departmentIds = new Map<DepartmentKey, number>();
    const jobTitleIds = new Map<string, number>();
    for (const d of DEPARTMENTS) {
      const dep = await trx
        .insertInto('departments')
        .values({ name: d.name, companyId, createdAt: stamp, updatedAt: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      departmentIds.set(d.key, dep.id);
      for (const [i, name] of d.jobTitles.entries()) {
        const jt = await trx
          .insertInto('jobTitles')
          .values({ name, departmentId: dep.id, companyId, createdAt: stamp, updatedAt: stamp })
          .returning('id')
          .executeTakeFirstOrThrow();
        jobTitleIds.set(`${d.key}:${i}`, jt.id);
      }
    }

    // Leave types and the leave group whose privilege covers them all.
    const leaveTypeIds = new Map<LeaveTypeKey, number>();
    for (const t of LEAVE_TYPES) {
      const row = await trx
        .insertInto('leaveTypes')
        .values({ name: t.name, companyId, daysPerYear: t.daysPerYear, createdAt: stamp, updatedAt: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      leaveTypeIds.set(t.key, row.id);
    }
    const group = await trx
      .insertInto('leaveGroups')
      .values({
        name: 'General',
        description: 'Plantilla general: vacaciones, asuntos propios y bajas médicas',
        status: 'active',
        companyId,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('leaveGroupLeaveTypes')
      .values([...leaveTypeIds.values()].map((leaveTypeId) => ({ leaveGroupId: group.id, leaveTypeId })))
      .execute();

    // Employees.
    const planned: PlannedEmployee[] = ROSTER.map((r, i) => ({ ...r, number: i + 1, restDaySet: new Set(r.restDays) }));
    const employeeRows = planned.map((e): Insertable<EmployeeTable> => {
      const firstSurname = e.lastName.split(' ')[0]!;
      const address = `${rng.pick(STREETS)}, ${rng.int(1, 120)}, ${rng.int(1, 6)}º, ${rng.pick(CITIES)}`;
      const trainee = e.trainee === true;
      const yearsAgo = (years: number) => addDays(today, -Math.round(years * 365.25));
      const birthday = trainee ? randomDate(rng, yearsAgo(24), yearsAgo(19)) : randomDate(rng, yearsAgo(60), yearsAgo(26));
      const adult = addDays(birthday, 18 * 366);
      const officialStartDate = trainee
        ? addDays(today, -rng.int(SCHEDULE_DAYS + 10, SCHEDULE_DAYS + 70))
        : randomDate(rng, adult > '2012-01-09' ? adult : '2012-01-09', addDays(today, -400));
      const regularized = addDays(officialStartDate, 180);
      return {
        firstName: e.firstName,
        lastName: e.lastName,
        gender: e.gender,
        civilStatus: trainee ? 'single' : rng.pick(CIVIL_STATUSES),
        height: e.gender === 'female' ? rng.int(155, 178) : rng.int(166, 192),
        weight: e.gender === 'female' ? rng.int(50, 80) : rng.int(64, 98),
        email: `${slug(e.firstName)}.${slug(firstSurname)}@example.com`,
        phone: `+34 6${rng.int(0, 9)}${rng.int(0, 9)} ${rng.int(100, 999)} ${rng.int(100, 999)}`,
        birthday,
        nationalId: dni(rng),
        placeOfBirth: rng.pick(CITIES),
        address,
        image: null,
        companyId,
        departmentId: departmentIds.get(e.department)!,
        jobTitleId: jobTitleIds.get(`${e.department}:${e.jobTitle}`)!,
        leaveGroupId: group.id,
        leavePrivilege: null,
        companyEmail: `${slug(e.firstName)}.${slug(firstSurname)}@demo.jornada`,
        employmentType: trainee ? 'trainee' : 'regular',
        employmentStatus: trainee ? 'Prácticas' : rng.chance(0.8) ? 'Indefinido' : 'Temporal',
        officialStartDate,
        dateRegularized: trainee || regularized > today ? null : regularized,
        pinKey: pinKey(demoPin(e.number)),
        rfidCard: null,
        status: 'active',
        biometricConsentAt: null,
        biometricConsentBy: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
    });
    const employeeIdByPinKey = new Map<string, number>();
    for (const chunk of chunks(employeeRows)) {
      const rows = await trx.insertInto('employees').values(chunk).returning(['id', 'pinKey']).execute();
      for (const row of rows) employeeIdByPinKey.set(row.pinKey, row.id);
    }
    const employeeIds = employeeRows.map((r) => employeeIdByPinKey.get(r.pinKey)!);
    const idOf = (e: PlannedEmployee) => employeeIds[e.number - 1]!;

    // Schedules.
    await trx
      .insertInto('schedules')
      .values(
        planned.map((e) => ({
          employeeId: idOf(e),
          startTime: SHIFTS[e.shift].startTime,
          offTime: SHIFTS[e.shift].offTime,
          totalHours: 8,
          restDays: JSON.stringify(e.restDays),
          fromDate: addDays(today, -SCHEDULE_DAYS),
          toDate: null,
          status: 'current' as const,
          createdAt: stamp,
          updatedAt: stamp,
        })),
      )
      .execute();

    // Demo accounts (before leaves, which the manager decides).
    const roles = await trx
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('companyId', '=', companyId)
      .where('isDefault', '=', 1)
      .execute();
    const roleId = (name: string) => {
      const role = roles.find((r) => r.name === name);
      if (!role) throw new Error(`Company ${companyId} has no default role "${name}"`);
      return role.id;
    };
    const accounts = [
      { email: DEMO_MANAGER_EMAIL, accountType: 'Admin' as const, role: 'Administrator', employee: planned[0]! },
      { email: DEMO_EMPLOYEE_EMAIL, accountType: 'Employee' as const, role: 'Employee', employee: planned[1]! },
    ];
    let managerUserId: number | null = null;
    for (const a of accounts) {
      // A sign-up that already used the address keeps it.
      if (await emailExists(trx, a.email)) continue;
      const userId = await insertUser(trx, {
        name: `${a.employee.firstName} ${a.employee.lastName}`,
        email: a.email,
        passwordHash,
        roleId: roleId(a.role),
        status: 'enabled',
        accountType: a.accountType,
        companyId,
        employeeId: idOf(a.employee),
        image: null,
        lastSignInAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      });
      if (a.accountType === 'Admin') managerUserId = userId;
    }

    // Leave requests.
    const onLeave = new Set<string>();
    const leaveRows = LEAVE_PLANS.map((p): Insertable<LeaveTable> => {
      const e = planned[p.employee - 1]!;
      const span = workingSpan(e, addDays(today, p.offset), p.workingDays);
      if (p.status === 'approved') {
        for (let d = span.fromDate; d <= span.toDate; d = addDays(d, 1)) onLeave.add(`${e.number}|${d}`);
      }
      // Sick leave is reported on its first morning; other requests about two weeks ahead (or,
      // for future leave, about two weeks ago). Nothing is dated after now.
      const requested = Math.min(
        now,
        p.type === 'sick'
          ? at(span.fromDate, '08:30', timezone)
          : at(addDays(span.fromDate < today ? span.fromDate : today, -rng.int(11, 17)), '10:15', timezone),
      );
      const decided =
        p.status === 'pending' ? null : Math.min(now, requested + (p.type === 'sick' ? 2 * HOUR : 26 * HOUR));
      return {
        employeeId: idOf(e),
        leaveTypeId: leaveTypeIds.get(p.type)!,
        fromDate: span.fromDate,
        toDate: span.toDate,
        reason: p.reason,
        returnDate: span.returnDate,
        status: p.status,
        comment: p.comment,
        decidedBy: decided === null ? null : managerUserId,
        decidedAt: decided === null ? null : iso(decided),
        createdAt: iso(requested),
        updatedAt: iso(decided ?? requested),
      };
    });
    await trx.insertInto('leaves').values(leaveRows).execute();

    // Attendance: the last 60 days up to yesterday, then today's open days.
    interface Worked {
      employeeId: number;
      date: string;
      plan: DayPlan;
    }
    const worked: Worked[] = [];
    for (let back = ATTENDANCE_DAYS; back >= 1; back--) {
      const date = addDays(today, -back);
      for (const e of planned) {
        if (!isWorkingDay(e, date) || onLeave.has(`${e.number}|${date}`)) continue;
        // The odd unexplained absence (never for the night baker, whose shifts show DST).
        if (e.shift !== 'night' && rng.chance(0.02)) continue;
        const plan = planDay(rng, e, date, timezone, now);
        if (plan) worked.push({ employeeId: idOf(e), date, plan });
      }
    }
    const presentToday = planned.filter(
      (e) => isWorkingDay(e, today) && !onLeave.has(`${e.number}|${today}`) && e.shift !== 'night',
    );
    let onBreak = false;
    let checkedIn = 0;
    for (const e of presentToday) {
      if (checkedIn >= 5) break;
      if (!rng.chance(0.5)) continue;
      const plan = planDay(rng, e, today, timezone, now);
      if (!plan) continue;
      // An open day: still working (or on break) now.
      plan.checkOut = null;
      plan.earlyDepartureSeconds = 0;
      plan.breakStart = null;
      plan.breakEnd = null;
      const breakStart = now - rng.int(3 * 60, 12 * 60) * SECOND;
      if (!onBreak && breakStart - plan.checkIn >= HOUR) {
        plan.breakStart = breakStart;
        onBreak = true;
      }
      worked.push({ employeeId: idOf(e), date: today, plan });
      checkedIn++;
    }

    const attendanceRows = worked.map(({ employeeId, date, plan }): Insertable<AttendanceTable> => {
      const breakSeconds =
        plan.breakStart !== null && plan.breakEnd !== null ? (plan.breakEnd - plan.breakStart) / SECOND : 0;
      const last = Math.max(plan.checkIn, plan.breakStart ?? 0, plan.breakEnd ?? 0, plan.checkOut ?? 0);
      return {
        employeeId,
        date,
        timezone,
        timeIn: iso(plan.checkIn),
        timeOut: plan.checkOut === null ? null : iso(plan.checkOut),
        workedSeconds: plan.checkOut === null ? null : (plan.checkOut - plan.checkIn) / SECOND - breakSeconds,
        breakSeconds,
        statusIn: plan.lateSeconds > 0 ? 'late' : 'on_time',
        lateSeconds: plan.lateSeconds,
        earlyDepartureSeconds: plan.earlyDepartureSeconds,
        reason: null,
        source: 'clock',
        revision: 1,
        createdBy: null,
        createdAt: iso(plan.checkIn),
        updatedAt: iso(last),
      };
    });
    const attendanceIds = new Map<string, number>();
    for (const chunk of chunks(attendanceRows)) {
      const rows = await trx.insertInto('attendances').values(chunk).returning(['id', 'employeeId', 'date']).execute();
      for (const row of rows) attendanceIds.set(`${row.employeeId}|${row.date}`, row.id);
    }

    const breakRows: Insertable<Database['attendanceBreaks']>[] = [];
    const punchRows: Insertable<PunchTable>[] = [];
    for (const { employeeId, date, plan } of worked) {
      const attendanceId = attendanceIds.get(`${employeeId}|${date}`)!;
      const punch = (action: PunchTable['action'], ms: number) =>
        punchRows.push({ employeeId, attendanceId, action, at: iso(ms), method: plan.method, terminal: null, createdAt: iso(ms) });
      punch('check-in', plan.checkIn);
      if (plan.breakStart !== null) {
        breakRows.push({
          attendanceId,
          startAt: iso(plan.breakStart),
          endAt: plan.breakEnd === null ? null : iso(plan.breakEnd),
        });
        punch('break-in', plan.breakStart);
        if (plan.breakEnd !== null) punch('break-out', plan.breakEnd);
      }
      if (plan.checkOut !== null) punch('check-out', plan.checkOut);
    }
    for (const chunk of chunks(breakRows)) await trx.insertInto('attendanceBreaks').values(chunk).execute();
    for (const chunk of chunks(punchRows)) await trx.insertInto('punches').values(chunk).execute();
  });
}
