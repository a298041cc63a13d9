import { describe, expect, it } from 'vitest';
import { changedSpans, type ScheduleSpan } from '../../src/domain/schedules/changed-dates.ts';
import { restoreSuperseded, supersede, type DatedSchedule } from '../../src/domain/schedules/supersede.ts';

/** Which dates a schedule write changes (the lock of approved periods, decision 051) and what deleting one gives back. */

const A: ScheduleSpan = { employeeId: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null };

describe('changedSpans', () => {
  it('a new or deleted schedule changes its whole range (open end: for ever)', () => {
    expect(changedSpans(null, A)).toEqual([{ employeeId: 1, from: '2026-01-01', to: null }]);
    expect(changedSpans({ ...A, toDate: '2026-02-28' }, null)).toEqual([{ employeeId: 1, from: '2026-01-01', to: '2026-02-28' }]);
  });

  it('a new shift changes both whole ranges; moving it to another employee both employees', () => {
    expect(changedSpans(A, { ...A, startTime: '08:00', fromDate: '2026-04-01' })).toEqual([
      { employeeId: 1, from: '2026-01-01', to: null },
      { employeeId: 1, from: '2026-04-01', to: null },
    ]);
    expect(changedSpans(A, { ...A, employeeId: 2 }).map((s) => s.employeeId)).toEqual([1, 2]);
  });

  it('the same shift on other dates changes only the dates gained or lost', () => {
    // Ended by a schedule from 1 April: only April onwards.
    expect(changedSpans(A, { ...A, toDate: '2026-03-31' })).toEqual([{ employeeId: 1, from: '2026-04-01', to: null }]);
    // Given its open end back.
    expect(changedSpans({ ...A, toDate: '2026-03-31' }, A)).toEqual([{ employeeId: 1, from: '2026-04-01', to: null }]);
    // Starting later, ending earlier.
    expect(changedSpans({ ...A, toDate: '2026-06-30' }, { ...A, fromDate: '2026-02-01', toDate: '2026-05-31' })).toEqual([
      { employeeId: 1, from: '2026-01-01', to: '2026-01-31' },
      { employeeId: 1, from: '2026-06-01', to: '2026-06-30' },
    ]);
    // Rest days in another order are the same shift.
    expect(changedSpans(A, { ...A, restDays: ['Sunday', 'Saturday'] })).toEqual([]);
  });

  it('an empty range (a wholly replaced schedule) changes nothing on its own', () => {
    expect(changedSpans({ ...A, fromDate: '2026-04-01', toDate: '2026-03-31' }, null)).toEqual([]);
  });
});

describe('restoreSuperseded', () => {
  const previous: DatedSchedule = { id: 1, fromDate: '2026-01-01', toDate: null, status: 'current' };

  it('gives the schedule ended the day before the deleted one started its end and status back', () => {
    const [ended] = supersede([previous], '2026-04-01');
    const after: DatedSchedule[] = [
      { ...previous, ...ended! },
      { id: 2, fromDate: '2026-04-01', toDate: null, status: 'current' },
    ];
    expect(restoreSuperseded(after, after[1]!)).toEqual({ id: 1, toDate: null, status: 'current' });
    // A deleted schedule with an end: the earlier one takes that end.
    expect(restoreSuperseded(after, { ...after[1]!, toDate: '2026-06-30' })).toEqual({ id: 1, toDate: '2026-06-30', status: 'current' });
  });

  it('restores nothing when no schedule ended the day before', () => {
    expect(restoreSuperseded([previous, { id: 2, fromDate: '2026-04-01', toDate: null, status: 'current' }], { id: 2, fromDate: '2026-04-01', toDate: null, status: 'current' })).toBeNull();
  });
});
