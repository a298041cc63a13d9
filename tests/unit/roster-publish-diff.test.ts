import { describe, expect, it } from 'vitest';
import { changeLine, changesByEmployee, publishChanges } from '../../src/domain/roster/publish-diff.ts';

/** What publishing changes (issue 39 point 3, decision 085): every employee's every date, a draft shift or a rest day, against what is published. */
describe('publish diff', () => {
  const dates = ['2026-12-07', '2026-12-08'];
  const early = { startTime: '07:00', endTime: '15:00', breakMinutes: 30 };

  it('publishes a rest day where the draft has no shift, and a shift where it has one', () => {
    expect(publishChanges([1], dates, [{ employeeId: 1, date: '2026-12-07', ...early }], [])).toEqual([
      { employeeId: 1, date: '2026-12-07', before: null, after: { kind: 'shift', ...early } },
      { employeeId: 1, date: '2026-12-08', before: null, after: { kind: 'rest' } },
    ]);
  });

  it('changes only days that differ from what is published; open shifts and unlisted employees change nobody', () => {
    const published = [
      { employeeId: 1, date: '2026-12-07', kind: 'shift' as const, startTime: '07:00', endTime: '15:00', breakMinutes: 30 },
      { employeeId: 1, date: '2026-12-08', kind: 'shift' as const, startTime: '07:00', endTime: '15:00', breakMinutes: 30 },
    ];
    const drafts = [
      { employeeId: 1, date: '2026-12-07', ...early },
      { employeeId: 1, date: '2026-12-08', ...early, breakMinutes: 0 },
      { employeeId: null, date: '2026-12-08', ...early },
      { employeeId: 9, date: '2026-12-08', ...early },
    ];
    expect(publishChanges([1], dates, drafts, published)).toEqual([{ employeeId: 1, date: '2026-12-08', before: { kind: 'shift', ...early }, after: { kind: 'shift', ...early, breakMinutes: 0 } }]);
    expect(publishChanges([1], dates, drafts.slice(0, 1), published)).toEqual([{ employeeId: 1, date: '2026-12-08', before: { kind: 'shift', ...early }, after: { kind: 'rest' } }]);
  });

  it('groups changes per worker in date order and reads each as before and after', () => {
    const grouped = changesByEmployee([
      { employeeId: 2, date: '2026-12-08', before: null, after: { kind: 'rest' } },
      { employeeId: 2, date: '2026-12-07', before: { kind: 'rest' }, after: { kind: 'shift', ...early } },
      { employeeId: 3, date: '2026-12-07', before: null, after: { kind: 'rest' } },
    ]);
    expect([...grouped.keys()]).toEqual([2, 3]);
    expect(grouped.get(2)!.map((c) => c.date)).toEqual(['2026-12-07', '2026-12-08']);
    const words = { rest: 'rest', none: 'none', shift: (d: { startTime: string; endTime: string }) => `${d.startTime}-${d.endTime}` };
    expect(changeLine(grouped.get(2)![0]!, words)).toEqual({ before: 'rest', after: '07:00-15:00' });
    expect(changeLine(grouped.get(2)![1]!, words)).toEqual({ before: 'none', after: 'rest' });
  });
});
