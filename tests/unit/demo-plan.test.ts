import { describe, expect, it } from 'vitest';
import { demoAnchor, demoAttendance, demoKioskPins, demoPin, demoYears, planDemoData } from '../../src/domain/demo/demo-plan.ts';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';

const TZ = 'Europe/Madrid';
const TODAY = '2026-11-20';
const settings = { timezone: TZ, graceMinutes: 5 };
const { now } = demoAnchor(Date.parse('2030-01-01T00:00:00Z'), TZ, TODAY);
const at = (date: string, time: string) => Date.parse(localDateTimeToUtcIso(date, time, TZ));

describe('demoAnchor', () => {
  it('pretends late morning on a day other than the real today, and keeps the real now on it', () => {
    expect(now).toBe(at(TODAY, '11:30'));
    const realNow = at(TODAY, '17:45');
    expect(demoAnchor(realNow, TZ)).toEqual({ today: TODAY, now: realNow });
    expect(demoAnchor(realNow, TZ, TODAY)).toEqual({ today: TODAY, now: realNow });
  });
});

describe('planDemoData', () => {
  const plan = planDemoData({ today: TODAY, now, settings });

  it('is deterministic for the same anchor and settings', () => {
    expect(planDemoData({ today: TODAY, now, settings })).toEqual(plan);
  });

  it('plans 25 employees with PINs 100001..100025, one schedule each, and the two demo accounts', () => {
    expect(plan.employees).toHaveLength(25);
    plan.employees.forEach((e, i) => expect(e.pin).toBe(demoPin(i + 1)));
    expect(demoPin(1)).toBe('100001');
    expect(plan.schedules.map((s) => s.employee)).toEqual(plan.employees.map((e) => e.number));
    expect(plan.accounts).toEqual([
      expect.objectContaining({ email: 'manager@demo.jornada', accountType: 'Admin', role: 'Administrator', employee: 1 }),
      expect.objectContaining({ email: 'employee@demo.jornada', accountType: 'Employee', role: 'Employee', employee: 2 }),
    ]);
  });

  it('dates nothing after now', () => {
    for (const a of plan.attendances) {
      for (const p of a.punches) expect(Date.parse(p.at)).toBeLessThanOrEqual(now);
      expect(Date.parse(a.updatedAt)).toBeLessThanOrEqual(now);
    }
    for (const l of plan.leaves) {
      expect(Date.parse(l.requestedAt)).toBeLessThanOrEqual(now);
      if (l.decidedAt) expect(Date.parse(l.decidedAt)).toBeLessThanOrEqual(now);
    }
  });

  it('stores the metrics the domain computes: late only beyond the grace minutes', () => {
    const starts = new Map(plan.schedules.map((s) => [s.employee, s.startTime]));
    for (const a of plan.attendances) {
      const afterStart = (Date.parse(a.timeIn) - at(a.date, starts.get(a.employee)!)) / 1000;
      expect(a.statusIn).toBe(afterStart > 5 * 60 ? 'late' : 'on_time');
      expect(a.lateSeconds).toBe(afterStart > 5 * 60 ? afterStart : 0);
      if (a.timeOut !== null) {
        const closed = a.breaks.reduce((s, b) => s + (b.endAt ? (Date.parse(b.endAt) - Date.parse(b.startAt)) / 1000 : 0), 0);
        expect(a.workedSeconds).toBe((Date.parse(a.timeOut) - Date.parse(a.timeIn)) / 1000 - closed);
      } else {
        expect(a.workedSeconds).toBeNull();
      }
    }
  });

  it('a larger grace turns some late arrivals on time, and changes nothing else', () => {
    const lenient = planDemoData({ today: TODAY, now, settings: { ...settings, graceMinutes: 30 } });
    expect(lenient.attendances.every((a) => a.statusIn === 'on_time' && a.lateSeconds === 0)).toBe(true);
    expect(plan.attendances.some((a) => a.statusIn === 'late')).toBe(true);
    const instants = (p: typeof plan) => p.attendances.map((a) => [a.employee, a.date, a.timeIn, a.timeOut]);
    expect(instants(lenient)).toEqual(instants(plan));
  });
});

describe('demoAttendance', () => {
  const shift = { startTime: '08:00', offTime: '16:00' };
  const day = (checkIn: string) => ({
    checkIn: at(TODAY, checkIn),
    checkOut: at(TODAY, '16:05'),
    breakStart: at(TODAY, '12:00'),
    breakEnd: at(TODAY, '12:20'),
    method: 'pin' as const,
  });

  it('a punch within the grace minutes is not late', () => {
    const a = demoAttendance({ employee: 1, date: TODAY, shift, events: day('08:04'), settings });
    expect(a).toMatchObject({ statusIn: 'on_time', lateSeconds: 0, earlyDepartureSeconds: 0, breakSeconds: 20 * 60 });
    expect(a.workedSeconds).toBe((8 * 60 + 1 - 20) * 60);
  });

  it('a punch after the grace minutes is late from the scheduled start', () => {
    const a = demoAttendance({ employee: 1, date: TODAY, shift, events: day('08:06'), settings });
    expect(a).toMatchObject({ statusIn: 'late', lateSeconds: 6 * 60 });
  });

  it('records one punch per event and an early departure', () => {
    const a = demoAttendance({
      employee: 1,
      date: TODAY,
      shift,
      events: { ...day('07:55'), checkOut: at(TODAY, '15:30') },
      settings,
    });
    expect(a.punches.map((p) => p.action)).toEqual(['check-in', 'break-in', 'break-out', 'check-out']);
    expect(a.earlyDepartureSeconds).toBe(30 * 60);
    expect(a.updatedAt).toBe(new Date(at(TODAY, '15:30')).toISOString());
  });
});

describe('the demo bakery in Madrid (issue 37.14)', () => {
  // Three weekday holidays inside the plan's window.
  const HOLIDAYS = new Set(['2026-10-12', '2026-11-02', '2026-12-08']);
  const plan = planDemoData({ today: TODAY, now, settings, holidays: HOLIDAYS });

  it('nobody works on a public holiday, and leave spans skip them', () => {
    expect(plan.attendances.filter((a) => HOLIDAYS.has(a.date))).toEqual([]);
    for (const l of plan.leaves) for (const d of HOLIDAYS) expect(d === l.fromDate || d === l.toDate, `${l.fromDate}..${l.toDate}`).toBe(false);
    // Without holidays the same days are worked (the test would pass for nothing otherwise).
    expect(planDemoData({ today: TODAY, now, settings }).attendances.filter((a) => HOLIDAYS.has(a.date)).length).toBeGreaterThan(10);
  });

  it('names the years its holidays are imported for, and the kiosk PINs it prints', () => {
    expect(demoYears(TODAY)).toEqual([2026, 2027]);
    expect(demoYears('2026-06-10')).toEqual([2026]);
    expect(demoYears('2026-02-01')).toEqual([2025, 2026]);
    expect(demoKioskPins()).toEqual([
      { name: 'Javier Moreno Gil', pin: demoPin(2) },
      { name: 'Lucía García Fernández', pin: demoPin(3) },
      { name: 'María Sánchez Pérez', pin: demoPin(5) },
    ]);
  });
});
