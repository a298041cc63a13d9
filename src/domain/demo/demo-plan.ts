import { computeAttendanceMetrics, type AttendanceMetrics } from '../attendance/attendance-metrics.ts';
import type { BreakInstants } from '../attendance/shift-times.ts';
import { addDays, localDateOf, localDateTimeToUtcIso, weekdayOf, type WeekdayName } from '../time/zoned-time.ts';

/**
 * The demo data set as a plan: what to create, with no ids and no I/O. Pure and deterministic:
 * the same anchor (today, now) and settings give the same plan. Records refer to each other by
 * roster number (employee i, 1-based) and by department, job title and leave type keys; the
 * writer (src/server/services/seed-demo-data.ts) turns them into rows and ids in one transaction.
 * Attendance metrics come from computeAttendanceMetrics, as for real punches, so demo lateness
 * honours the grace minutes.
 */

/** Password of the two demo accounts (manager@demo.jornada, employee@demo.jornada). */
export const DEMO_USER_PASSWORD = 'Demo#2026';
export const DEMO_MANAGER_EMAIL = 'manager@demo.jornada';
export const DEMO_EMPLOYEE_EMAIL = 'employee@demo.jornada';

/** Employee i (1-based, in roster order) has this PIN, so guides can name them. */
export const demoPin = (i: number): string => String(100000 + i);

/**
 * Where the demo bakery is (issue 37.14): Spain, Madrid's time zone, and the Comunidad de
 * Madrid's public holidays, imported by the holiday import service when the data set is loaded.
 */
export const DEMO_PLACE = { country: 'ES', timezone: 'Europe/Madrid', holidayRegion: 'MD' } as const;
/** The demo bakery's tax ID (a CIF with a correct control digit), so its records print one. */
export const DEMO_TAX_ID = 'B12345674';

/** Roster numbers whose kiosk PINs the demo prints (banner, start log): the demo employee first. */
const KIOSK_PIN_EMPLOYEES = [2, 3, 5] as const;

/** A few demo workers and their kiosk PINs, for a visitor to try the clock (issue 37.14). */
export function demoKioskPins(): { name: string; pin: string }[] {
  return KIOSK_PIN_EMPLOYEES.map((n) => ({ name: `${ROSTER[n - 1]!.firstName} ${ROSTER[n - 1]!.lastName}`, pin: demoPin(n) }));
}

/** The calendar years the plan of `today` touches (schedules start 91 days back; leave runs up to about 7 weeks ahead). */
export function demoYears(today: string): number[] {
  const first = Number(addDays(today, -SCHEDULE_DAYS - 1).slice(0, 4));
  const last = Number(addDays(today, 60).slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

const ATTENDANCE_DAYS = 60;
const SCHEDULE_DAYS = 90;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

type DemoLeaveStatus = 'pending' | 'approved' | 'declined';
type PunchMethod = 'pin' | 'face';

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
  status: DemoLeaveStatus;
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
// The plan's shape
// ---------------------------------------------------------------------------------------------

export interface DemoEmployee {
  /** 1-based roster number; the PIN is demoPin(number). */
  number: number;
  pin: string;
  department: DepartmentKey;
  /** Index into the department's job titles. */
  jobTitle: 0 | 1;
  firstName: string;
  lastName: string;
  gender: 'male' | 'female';
  civilStatus: string;
  height: number;
  weight: number;
  email: string;
  phone: string;
  birthday: string;
  nationalId: string;
  placeOfBirth: string;
  address: string;
  companyEmail: string;
  employmentType: 'regular' | 'trainee';
  employmentStatus: string;
  officialStartDate: string;
  dateRegularized: string | null;
}

export interface DemoSchedule {
  employee: number;
  startTime: string;
  offTime: string;
  totalHours: number;
  restDays: WeekdayName[];
  fromDate: string;
}

export interface DemoAccount {
  email: string;
  accountType: 'Admin' | 'Employee';
  /** Name of the company's default role. */
  role: 'Administrator' | 'Employee';
  employee: number;
  name: string;
}

export interface DemoLeave {
  employee: number;
  type: LeaveTypeKey;
  fromDate: string;
  toDate: string;
  returnDate: string;
  reason: string;
  status: DemoLeaveStatus;
  comment: string | null;
  /** ISO instants; decided by the manager account when `decidedAt` is set. */
  requestedAt: string;
  decidedAt: string | null;
}

export type DemoPunchAction = 'check-in' | 'check-out' | 'break-in' | 'break-out';

export interface DemoAttendance extends AttendanceMetrics {
  employee: number;
  date: string;
  timezone: string;
  timeIn: string;
  timeOut: string | null;
  breaks: BreakInstants[];
  /** One punch per event, in order. */
  punches: { action: DemoPunchAction; at: string; method: PunchMethod }[];
  createdAt: string;
  updatedAt: string;
}

export interface DemoPlan {
  /** createdAt/updatedAt of the master data: just before the schedules start. */
  stamp: string;
  departments: readonly { key: DepartmentKey; name: string; jobTitles: readonly string[] }[];
  leaveTypes: readonly { key: LeaveTypeKey; name: string; daysPerYear: number | null }[];
  leaveGroup: { name: string; description: string };
  employees: DemoEmployee[];
  schedules: DemoSchedule[];
  accounts: DemoAccount[];
  leaves: DemoLeave[];
  attendances: DemoAttendance[];
}

export interface DemoSettings {
  timezone: string;
  graceMinutes: number;
}

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

/** Not a rest day of the employee's schedule, nor a public holiday of the company. */
function isWorkingDayOf(e: PlannedEmployee, date: string, holidays: ReadonlySet<string>): boolean {
  return !e.restDaySet.has(weekdayOf(date)) && !holidays.has(date);
}

/** `count` working days starting on the first working day on or after `from`. */
function workingSpan(e: PlannedEmployee, from: string, count: number, holidays: ReadonlySet<string>) {
  const isWorkingDay = (employee: PlannedEmployee, date: string) => isWorkingDayOf(employee, date, holidays);
  let d = from;
  while (!isWorkingDay(e, d)) d = addDays(d, 1);
  const fromDate = d;
  let toDate = d;
  for (let left = count - 1; left > 0;) {
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

/** One worked day's events as instants (ms); null for what has not happened (yet). */
export interface DayEvents {
  checkIn: number;
  checkOut: number | null;
  breakStart: number | null;
  breakEnd: number | null;
  method: PunchMethod;
}

/**
 * One worked day as it happened, cut off at `now`: events after now have not happened yet, so
 * the day or its break may still be open. Undefined when the check-in is still to come.
 */
function planDay(rng: Rng, e: PlannedEmployee, date: string, timeZone: string, now: number): DayEvents | undefined {
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
  return {
    checkIn,
    checkOut: checkOut <= now ? checkOut : null,
    breakStart: takesBreak && breakStart <= now ? breakStart : null,
    breakEnd: takesBreak && breakEnd <= now ? breakEnd : null,
    method,
  };
}

/**
 * A worked day as an attendance with its breaks and punches; the metrics from the domain's
 * computeAttendanceMetrics against the employee's shift and the grace minutes.
 */
export function demoAttendance(input: { employee: number; date: string; shift: { startTime: string; offTime: string }; events: DayEvents; settings: DemoSettings }): DemoAttendance {
  const { events: d, settings } = input;
  const breaks: BreakInstants[] = d.breakStart === null ? [] : [{ startAt: iso(d.breakStart), endAt: d.breakEnd === null ? null : iso(d.breakEnd) }];
  const timeIn = iso(d.checkIn);
  const timeOut = d.checkOut === null ? null : iso(d.checkOut);
  const metrics = computeAttendanceMetrics({
    date: input.date,
    timeZone: settings.timezone,
    graceMinutes: settings.graceMinutes,
    schedule: input.shift,
    shift: { timeIn, timeOut, breaks },
  });
  const punches: DemoAttendance['punches'] = [{ action: 'check-in', at: timeIn, method: d.method }];
  if (d.breakStart !== null) {
    punches.push({ action: 'break-in', at: iso(d.breakStart), method: d.method });
    if (d.breakEnd !== null) punches.push({ action: 'break-out', at: iso(d.breakEnd), method: d.method });
  }
  if (d.checkOut !== null) punches.push({ action: 'check-out', at: iso(d.checkOut), method: d.method });
  const last = Math.max(d.checkIn, d.breakStart ?? 0, d.breakEnd ?? 0, d.checkOut ?? 0);
  return {
    employee: input.employee,
    date: input.date,
    timezone: settings.timezone,
    timeIn,
    timeOut,
    breaks,
    punches,
    ...metrics,
    createdAt: timeIn,
    updatedAt: iso(last),
  };
}

// ---------------------------------------------------------------------------------------------
// The plan
// ---------------------------------------------------------------------------------------------

/**
 * The anchor of the data set: `today` (default: the real today in the time zone) and the instant
 * that counts as now. For another day than the real today it is late morning there, so the plan
 * only depends on `today`. `realNow` is the real clock, read by the caller.
 */
export function demoAnchor(realNow: number, timeZone: string, today?: string): { today: string; now: number } {
  const realToday = localDateOf(realNow, timeZone);
  const day = today ?? realToday;
  return { today: day, now: day === realToday ? realNow : at(day, '11:30', timeZone) };
}

/**
 * The demo data set for an anchor day: departments and job titles, leave types and a leave
 * group, 25 employees with schedules, 60 days of attendance with breaks and punches up to
 * yesterday, a few employees clocked in today (one on break), leave requests of every status,
 * and two demo accounts (manager@demo.jornada as Admin of employee 1, employee@demo.jornada for
 * employee 2). Nothing is dated after `now`. `holidays` (the company's public holidays) are days
 * off like rest days: nobody works them and leave spans skip them.
 */
export function planDemoData(input: { today: string; now: number; settings: DemoSettings; holidays?: ReadonlySet<string> }): DemoPlan {
  const { today, now, settings } = input;
  const holidays = input.holidays ?? new Set<string>();
  const isWorkingDay = (e: PlannedEmployee, date: string) => isWorkingDayOf(e, date, holidays);
  const timezone = settings.timezone;
  const stamp = localDateTimeToUtcIso(addDays(today, -SCHEDULE_DAYS - 1), '09:00', timezone);
  const rng = prng(0x4a6f726e); // "Jorn"

  const planned: PlannedEmployee[] = ROSTER.map((r, i) => ({ ...r, number: i + 1, restDaySet: new Set(r.restDays) }));
  const employees = planned.map((e): DemoEmployee => {
    const firstSurname = e.lastName.split(' ')[0]!;
    const address = `${rng.pick(STREETS)}, ${rng.int(1, 120)}, ${rng.int(1, 6)}º, ${rng.pick(CITIES)}`;
    const trainee = e.trainee === true;
    const yearsAgo = (years: number) => addDays(today, -Math.round(years * 365.25));
    const birthday = trainee ? randomDate(rng, yearsAgo(24), yearsAgo(19)) : randomDate(rng, yearsAgo(60), yearsAgo(26));
    const adult = addDays(birthday, 18 * 366);
    const officialStartDate = trainee ? addDays(today, -rng.int(SCHEDULE_DAYS + 10, SCHEDULE_DAYS + 70)) : randomDate(rng, adult > '2012-01-09' ? adult : '2012-01-09', addDays(today, -400));
    const regularized = addDays(officialStartDate, 180);
    return {
      number: e.number,
      pin: demoPin(e.number),
      department: e.department,
      jobTitle: e.jobTitle,
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
      companyEmail: `${slug(e.firstName)}.${slug(firstSurname)}@demo.jornada`,
      employmentType: trainee ? 'trainee' : 'regular',
      employmentStatus: trainee ? 'Prácticas' : rng.chance(0.8) ? 'Indefinido' : 'Temporal',
      officialStartDate,
      dateRegularized: trainee || regularized > today ? null : regularized,
    };
  });

  const schedules = planned.map((e): DemoSchedule => ({
    employee: e.number,
    startTime: SHIFTS[e.shift].startTime,
    offTime: SHIFTS[e.shift].offTime,
    totalHours: 8,
    restDays: e.restDays,
    fromDate: addDays(today, -SCHEDULE_DAYS),
  }));

  const nameOf = (number: number) => `${ROSTER[number - 1]!.firstName} ${ROSTER[number - 1]!.lastName}`;
  const accounts: DemoAccount[] = [
    { email: DEMO_MANAGER_EMAIL, accountType: 'Admin', role: 'Administrator', employee: 1, name: nameOf(1) },
    { email: DEMO_EMPLOYEE_EMAIL, accountType: 'Employee', role: 'Employee', employee: 2, name: nameOf(2) },
  ];

  // Leave requests; approved leave removes the attendance of its days.
  const onLeave = new Set<string>();
  const leaves = LEAVE_PLANS.map((p): DemoLeave => {
    const e = planned[p.employee - 1]!;
    const span = workingSpan(e, addDays(today, p.offset), p.workingDays, holidays);
    if (p.status === 'approved') {
      for (let d = span.fromDate; d <= span.toDate; d = addDays(d, 1)) onLeave.add(`${e.number}|${d}`);
    }
    // Sick leave is reported on its first morning; other requests about two weeks ahead (or,
    // for future leave, about two weeks ago). Nothing is dated after now.
    const requested = Math.min(now, p.type === 'sick' ? at(span.fromDate, '08:30', timezone) : at(addDays(span.fromDate < today ? span.fromDate : today, -rng.int(11, 17)), '10:15', timezone));
    const decided = p.status === 'pending' ? null : Math.min(now, requested + (p.type === 'sick' ? 2 * HOUR : 26 * HOUR));
    return {
      employee: e.number,
      type: p.type,
      fromDate: span.fromDate,
      toDate: span.toDate,
      returnDate: span.returnDate,
      reason: p.reason,
      status: p.status,
      comment: p.comment,
      requestedAt: iso(requested),
      decidedAt: decided === null ? null : iso(decided),
    };
  });

  // Attendance: the last 60 days up to yesterday, then today's open days.
  const worked: { e: PlannedEmployee; date: string; events: DayEvents }[] = [];
  for (let back = ATTENDANCE_DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    for (const e of planned) {
      if (!isWorkingDay(e, date) || onLeave.has(`${e.number}|${date}`)) continue;
      // The odd unexplained absence (never for the night baker, whose shifts show DST).
      if (e.shift !== 'night' && rng.chance(0.02)) continue;
      const events = planDay(rng, e, date, timezone, now);
      if (events) worked.push({ e, date, events });
    }
  }
  const presentToday = planned.filter((e) => isWorkingDay(e, today) && !onLeave.has(`${e.number}|${today}`) && e.shift !== 'night');
  let onBreak = false;
  let checkedIn = 0;
  for (const e of presentToday) {
    if (checkedIn >= 5) break;
    if (!rng.chance(0.5)) continue;
    const events = planDay(rng, e, today, timezone, now);
    if (!events) continue;
    // An open day: still working (or on break) now.
    events.checkOut = null;
    events.breakStart = null;
    events.breakEnd = null;
    const breakStart = now - rng.int(3 * 60, 12 * 60) * SECOND;
    if (!onBreak && breakStart - events.checkIn >= HOUR) {
      events.breakStart = breakStart;
      onBreak = true;
    }
    worked.push({ e, date: today, events });
    checkedIn++;
  }
  const attendances = worked.map(({ e, date, events }) => demoAttendance({ employee: e.number, date, shift: SHIFTS[e.shift], events, settings }));

  return {
    stamp,
    departments: DEPARTMENTS,
    leaveTypes: LEAVE_TYPES,
    leaveGroup: { name: 'General', description: 'Plantilla general: vacaciones, asuntos propios y bajas médicas' },
    employees,
    schedules,
    accounts,
    leaves,
    attendances,
  };
}
