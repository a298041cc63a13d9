import { describe, expect, it } from 'vitest';
import { isMonday, rosterWeekSheet } from '../../src/domain/roster/roster-week-sheet.ts';
import type { PlannedDay } from '../../src/domain/roster/planned-day.ts';

const day = (employeeId: number, date: string, kind: 'shift' | 'rest', times?: [string, string, number]): PlannedDay => ({
  id: 1,
  employeeId,
  date,
  kind,
  startTime: times?.[0] ?? null,
  endTime: times?.[1] ?? null,
  breakMinutes: times?.[2] ?? 0,
  publishedAt: '2026-11-20T10:00:00.000Z',
});

// Decision 087: the wall sheet prints the published plan, marks leave on top, and names its week by the Monday.
describe('rosterWeekSheet', () => {
  const sheet = rosterWeekSheet({
    monday: '2026-11-30',
    employees: [
      { id: 1, name: 'Ana Ruiz' },
      { id: 2, name: 'Bea Soto' },
    ],
    planned: new Map([[1, [day(1, '2026-11-30', 'shift', ['06:00', '14:00', 30]), day(1, '2026-12-01', 'rest'), day(1, '2026-12-02', 'shift', ['22:00', '06:00', 0])]]]),
    leaves: [{ employeeId: 2, fromDate: '2026-11-25', toDate: '2026-12-01', leaveTypeName: 'Vacaciones' }],
    holidays: new Map([
      ['2026-12-08', 'Inmaculada'],
      ['2026-12-06', 'Constitución'],
    ]),
  });

  it('has seven dates from the Monday and only the week holidays', () => {
    expect(sheet.dates).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect([...sheet.holidays]).toEqual([['2026-12-06', 'Constitución']]);
  });

  it('prints shifts, rest days, unpublished days and leave', () => {
    expect(sheet.rows[0]!.cells.slice(0, 4)).toEqual([
      { kind: 'shift', startTime: '06:00', endTime: '14:00', breakMinutes: 30, leave: null },
      { kind: 'rest', leave: null },
      { kind: 'shift', startTime: '22:00', endTime: '06:00', breakMinutes: 0, leave: null },
      { kind: 'none', leave: null },
    ]);
    expect(sheet.rows[1]!.cells.map((c) => c.leave)).toEqual(['Vacaciones', 'Vacaciones', null, null, null, null, null]);
  });

  it('knows a Monday', () => {
    expect(isMonday('2026-11-30')).toBe(true);
    expect(isMonday('2026-12-01')).toBe(false);
  });
});
