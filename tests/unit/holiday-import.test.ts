import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HolidayImportInput, planHolidayImport } from '../../src/domain/holidays/holiday-import.ts';
import { isMonthDay, LeaveTypeInput } from '../../src/domain/org/org-schemas.ts';

describe('holiday import plan', () => {
  it('keeps one holiday per day, by date, and marks the days the company already has', () => {
    const found = [
      { date: '2027-05-03', name: 'Día de la Comunidad de Madrid', source: 'region' },
      { date: '2027-01-01', name: 'Año Nuevo', source: 'boe' },
      { date: '2027-05-03', name: 'Día de la Comunidad de Madrid (día sustituto)', source: 'library' },
      { date: '2027-12-25', name: '  Navidad ', source: 'library' },
    ] as const;
    expect(planHolidayImport(found, new Map([['2027-12-25', 'Navidad (a mano)']]))).toEqual([
      { date: '2027-01-01', name: 'Año Nuevo', source: 'boe', status: 'new', existingName: null },
      { date: '2027-05-03', name: 'Día de la Comunidad de Madrid', source: 'region', status: 'new', existingName: null },
      { date: '2027-12-25', name: 'Navidad', source: 'library', status: 'exists', existingName: 'Navidad (a mano)' },
    ]);
    expect(planHolidayImport([], new Map())).toEqual([]);
  });

  it('takes a company, a country, an optional region and a year', () => {
    expect(v.parse(HolidayImportInput, { company: '3', country: 'es', region: ' md ', year: '2027' })).toEqual({ company: 3, country: 'ES', region: 'MD', year: 2027 });
    expect(v.parse(HolidayImportInput, { company: 3, country: 'ES', region: '', year: 2027 }).region).toBeNull();
    expect(v.parse(HolidayImportInput, { company: 3, country: 'ES', year: 2027 }).region).toBeNull();
    for (const bad of [{ country: 'ESP' }, { country: '' }, { region: 'M-D' }, { year: 1969 }, { year: 2101 }, { year: 2027.5 }, { company: 0 }]) {
      expect(v.safeParse(HolidayImportInput, { company: 3, country: 'ES', region: 'MD', year: 2027, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('leave type allowance rules', () => {
  it('accepts MM-DD days that exist in some year', () => {
    expect(['03-31', '01-01', '02-29', '12-31'].every(isMonthDay)).toBe(true);
    expect(['02-30', '13-01', '00-10', '3-31', '03/31', '04-31'].some(isMonthDay)).toBe(false);
  });

  it('takes accrual and carry-over as optional numbers, empty meaning none', () => {
    const base = { name: 'Vacaciones', company: 1 };
    expect(v.parse(LeaveTypeInput, { ...base, daysPerYear: '22', accrualDaysPerMonth: '1.83', carryOverMaxDays: '5', carryOverExpiry: '03-31' })).toEqual({
      ...base,
      daysPerYear: 22,
      accrualDaysPerMonth: 1.83,
      carryOverMaxDays: 5,
      carryOverExpiry: '03-31',
      drawsFromBalance: false,
    });
    expect(v.parse(LeaveTypeInput, { ...base, daysPerYear: '', accrualDaysPerMonth: '', carryOverMaxDays: '', carryOverExpiry: ' ' })).toEqual({
      ...base,
      daysPerYear: null,
      accrualDaysPerMonth: null,
      carryOverMaxDays: null,
      carryOverExpiry: null,
      drawsFromBalance: false,
    });
    // An older client that knows nothing of them.
    expect(v.parse(LeaveTypeInput, base)).toMatchObject({ accrualDaysPerMonth: null, carryOverMaxDays: null, carryOverExpiry: null });
    expect(v.safeParse(LeaveTypeInput, { ...base, accrualDaysPerMonth: 32 }).success).toBe(false);
    expect(v.safeParse(LeaveTypeInput, { ...base, carryOverMaxDays: -1 }).success).toBe(false);
    expect(v.safeParse(LeaveTypeInput, { ...base, carryOverExpiry: '31-03' }).success).toBe(false);
  });
});
