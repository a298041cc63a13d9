import { describe, expect, it } from 'vitest';
import { coverageOf, isoWeekday } from '../../src/domain/roster/coverage.ts';

/** Coverage (issue 39 point 5, decision 085): needs per template and weekday against assigned draft shifts of that template. */
describe('coverage', () => {
  // 2026-12-07 is a Monday.
  const dates = ['2026-12-07', '2026-12-08'];

  it('numbers weekdays the ISO way', () => {
    expect(isoWeekday('2026-12-07')).toBe(1);
    expect(isoWeekday('2026-12-13')).toBe(7);
  });

  it('counts the assigned shifts of each template on each date against the need of its weekday', () => {
    const needs = [
      { templateId: 2, weekday: 1, staff: 3 },
      { templateId: 1, weekday: 1, staff: 1 },
      { templateId: 1, weekday: 2, staff: 2 },
    ];
    const shifts = [
      { templateId: 2, employeeId: 10, date: '2026-12-07' },
      { templateId: 2, employeeId: 11, date: '2026-12-07' },
      // An open shift covers nobody yet; a shift without a template counts for none.
      { templateId: 2, employeeId: null, date: '2026-12-07' },
      { templateId: null, employeeId: 12, date: '2026-12-07' },
      { templateId: 1, employeeId: 12, date: '2026-12-08' },
    ];
    expect(coverageOf(needs, shifts, dates)).toEqual([
      { template: 1, date: '2026-12-07', needed: 1, planned: 0 },
      { template: 2, date: '2026-12-07', needed: 3, planned: 2 },
      { template: 1, date: '2026-12-08', needed: 2, planned: 1 },
    ]);
  });

  it('leaves out needs of no staff and weekdays outside the dates', () => {
    expect(
      coverageOf(
        [
          { templateId: 1, weekday: 1, staff: 0 },
          { templateId: 1, weekday: 5, staff: 4 },
        ],
        [],
        dates,
      ),
    ).toEqual([]);
  });
});
