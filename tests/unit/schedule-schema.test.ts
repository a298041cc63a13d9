import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFieldKeys } from '../../src/domain/auth/auth-schemas.ts';
import { ScheduleInput } from '../../src/domain/schedules/schedule-schema.ts';
import { supersede } from '../../src/domain/schedules/supersede.ts';
import { activeScheduleOn } from '../../src/domain/schedules/schedule-rules.ts';

const errors = (input: unknown) => {
  const r = v.safeParse(ScheduleInput, input);
  return r.success ? {} : issuesToFieldKeys(r.issues);
};
const ok = { employee: 1, startTime: '09:00', offTime: '17:00', totalHours: '8', restDays: ['Sunday', 'Saturday'], fromDate: '2026-11-23', toDate: '' };

describe('schedule input', () => {
  it('accepts a valid shift, orders rest days and empties the end date', () => {
    expect(v.parse(ScheduleInput, { ...ok, restDays: ['Sunday', 'Saturday'] })).toEqual({ ...ok, totalHours: 8, restDays: ['Saturday', 'Sunday'], toDate: null }); // Monday first (issue 17.6)
  });

  it('uses the messages of spec section 5', () => {
    expect(errors({ ...ok, startTime: '9am', offTime: '25:00', fromDate: '23/11/2026', totalHours: '' })).toEqual({
      startTime: 'schedules.invalidTime',
      offTime: 'schedules.invalidTime',
      fromDate: 'validation.invalidDate',
      totalHours: 'validation.required',
    });
    expect(errors({ ...ok, employee: '' })).toEqual({ employee: 'validation.fillAllFields' });
    expect(errors({ ...ok, toDate: '2026-11-01' })).toEqual({ toDate: 'schedules.toBeforeFrom' });
    expect(errors({ ...ok, restDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] })).toEqual({ restDays: 'schedules.allRestDays' });
    expect(errors({ ...ok, totalHours: 30 })).toEqual({ totalHours: 'schedules.hoursRange' });
  });
});

describe('supersede', () => {
  it('ends the overlapping current schedule the day before, and voids one that starts later', () => {
    const existing = [
      { id: 1, fromDate: '2026-01-01', toDate: null, status: 'current' as const },
      { id: 2, fromDate: '2026-12-01', toDate: null, status: 'current' as const },
      { id: 3, fromDate: '2025-01-01', toDate: '2025-12-31', status: 'previous' as const },
      { id: 4, fromDate: '2025-06-01', toDate: '2025-06-30', status: 'current' as const },
    ];
    const changes = supersede(existing, '2026-11-23');
    expect(changes).toEqual([
      { id: 1, toDate: '2026-11-22', status: 'previous' },
      { id: 2, toDate: '2026-11-30', status: 'previous' },
    ]);
    const after = existing.map((s) => ({ ...s, ...changes.find((c) => c.id === s.id), startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: [] }));
    const next = [...after, { id: 5, fromDate: '2026-11-23', toDate: null, status: 'current' as const, startTime: '08:00', offTime: '16:00', totalHours: 8, restDays: [] }];
    expect(activeScheduleOn(next, '2026-11-22')?.id).toBe(1);
    expect(activeScheduleOn(next, '2026-12-05')?.id).toBe(5);
  });
});
