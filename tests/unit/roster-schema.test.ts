import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CopyWeekInput, RepeatWeeksInput, RosterRangeInput, RosterShiftPatch, ShiftTemplateInput } from '../../src/domain/roster/roster-schema.ts';

/** The roster's request contracts (issue 39, decision 085): each refusal names its field with an i18n code. */
const messages = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => i.message);
};

describe('roster contracts', () => {
  it('takes weeks from a Monday only, and a malformed date is a date error, not a crash', () => {
    expect(messages(CopyWeekInput, { department: 1, from: '2026-12-07', to: '2026-12-14' })).toEqual([]);
    expect(messages(CopyWeekInput, { department: 1, from: '2026-12-08', to: '2026-12-14' })).toEqual(['roster.notMonday']);
    expect(messages(CopyWeekInput, { department: 1, from: '2026-12-07', to: '2026-12-07' })).toEqual(['roster.sameWeek']);
    expect(messages(RepeatWeeksInput, { department: 1, from: '2026-1-1', weeks: 1, times: 1 })).toContain('validation.invalidDate');
    expect(messages(RepeatWeeksInput, { department: 1, from: '2026-12-07', weeks: 9, times: 13 })).toEqual(['roster.weeksRange', 'roster.timesRange']);
  });

  it('takes at most 62 days, in order', () => {
    expect(messages(RosterRangeInput, { department: 1, from: '2026-12-01', to: '2027-01-31' })).toEqual([]);
    expect(messages(RosterRangeInput, { department: 1, from: '2026-12-01', to: '2027-02-01' })).toEqual(['roster.rangeTooLong']);
    expect(messages(RosterRangeInput, { department: 1, from: '2026-12-02', to: '2026-12-01' })).toEqual(['roster.toBeforeFrom']);
  });

  it('wants a break shorter than the shift (a night shift spans midnight) and a #rrggbb colour', () => {
    const t = { name: 'Noche', startTime: '22:00', endTime: '06:00', breakMinutes: 60, colour: '#1E3A8A' };
    expect(v.parse(ShiftTemplateInput, t)).toMatchObject({ colour: '#1e3a8a', department: null });
    expect(messages(ShiftTemplateInput, { ...t, endTime: '22:30', breakMinutes: 30 })).toEqual(['roster.breakTooLong']);
    expect(messages(ShiftTemplateInput, { ...t, colour: 'blue' })).toEqual(['roster.invalidColour']);
  });

  it('refuses an array as a partial change', () => {
    expect(messages(RosterShiftPatch, {})).toEqual([]);
    expect(messages(RosterShiftPatch, [])).not.toEqual([]);
  });
});
