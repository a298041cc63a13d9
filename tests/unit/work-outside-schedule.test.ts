import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFieldKeys } from '../../src/domain/auth/auth-schemas.ts';
import { workFlagOfDate } from '../../src/domain/attendance/work-flag.ts';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import { recordNoteText } from '../../src/domain/reports/record-notes.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { SettingsInput } from '../../src/domain/settings/settings-schema.ts';
import { DEFAULT_SETTINGS, firstRunSettings, settingsFrom } from '../../src/domain/settings/settings.ts';
import { translate } from '../../src/i18n/translate.ts';

/** Decision 032: flagged work outside the schedule, its settings and how the record counts it. */
const H = 3600;
const OFFICE: ScheduleRule = {
  id: 1,
  startTime: '09:00',
  offTime: '17:00',
  totalHours: 8,
  restDays: ['Saturday', 'Sunday'],
  fromDate: '2026-11-01',
  toDate: '2026-11-30',
  status: 'current',
};
const worked = (date: string, fromZ: string, toZ: string, extra: Partial<RecordAttendance> = {}): RecordAttendance => ({
  date,
  timeIn: `${date}T${fromZ}:00.000Z`,
  timeOut: `${date}T${toZ}:00.000Z`,
  workedSeconds: (Date.parse(`${date}T${toZ}:00Z`) - Date.parse(`${date}T${fromZ}:00Z`)) / 1000,
  breakSeconds: 0,
  statusIn: null,
  lateSeconds: 0,
  earlyDepartureSeconds: 0,
  timezone: 'Europe/Madrid',
  breaks: [],
  revision: 1,
  reason: null,
  source: 'clock',
  ...extra,
});

describe('the flag a manual day takes from the schedules', () => {
  it('is rest-day on a rest day, unscheduled outside every schedule, none on a working day', () => {
    expect(workFlagOfDate([OFFICE], '2026-11-21')).toBe('rest-day');
    expect(workFlagOfDate([OFFICE], '2026-12-01')).toBe('unscheduled');
    expect(workFlagOfDate([], '2026-11-23')).toBe('unscheduled');
    expect(workFlagOfDate([OFFICE], '2026-11-23')).toBeNull();
  });
});

describe('the monthly record counts flagged work entirely as overtime', () => {
  const record = buildMonthlyRecord({
    period: { from: '2026-11-21', to: '2026-11-24' },
    today: '2026-11-30',
    calendar: createDayCalendar('Europe/Madrid'),
    schedules: [OFFICE],
    leaveByDate: new Map(),
    attendances: [
      worked('2026-11-21', '09:00', '13:00', { workFlag: 'rest-day' }),
      // Monday evening after a missed shift: a working day, but the work was outside it.
      worked('2026-11-23', '18:00', '21:00', { workFlag: 'unscheduled', source: 'manual', reason: 'Stocktaking' }),
      worked('2026-11-24', '08:00', '17:30'),
    ],
  });
  const t = (key: string, p?: Record<string, unknown>) => translate('en', key, p);
  const es = (key: string, p?: Record<string, unknown>) => translate('es', key, p);
  const dayOf = (date: string) => record.days.find((d) => d.date === date)!;

  it('shows the day as worked, expecting nothing, with overtime = worked', () => {
    expect(dayOf('2026-11-21')).toMatchObject({ kind: 'worked', workFlag: 'rest-day', expectedSeconds: 0, overtimeSeconds: 4 * H });
    expect(dayOf('2026-11-23')).toMatchObject({ kind: 'worked', workFlag: 'unscheduled', expectedSeconds: 0, overtimeSeconds: 3 * H });
    expect(dayOf('2026-11-24')).toMatchObject({ workFlag: null, expectedSeconds: 8 * H, overtimeSeconds: 1.5 * H });
    expect(record.totals).toMatchObject({ workedSeconds: 16.5 * H, expectedSeconds: 8 * H, overtimeSeconds: 8.5 * H });
  });

  it('says so in the notes, in both languages', () => {
    const now = '2026-11-30T12:00:00Z';
    expect(recordNoteText(dayOf('2026-11-21'), now, t)).toBe('Rest-day work');
    expect(recordNoteText(dayOf('2026-11-23'), now, t)).toBe('Unscheduled work · Entered by hand: Stocktaking');
    expect(recordNoteText(dayOf('2026-11-21'), now, es)).toBe('Trabajo en día de descanso');
    expect(recordNoteText(dayOf('2026-11-23'), now, es)).toMatch(/^Trabajo fuera de horario · /u);
  });
});

describe('settings of decision 032', () => {
  const errors = (input: unknown) => {
    const r = v.safeParse(SettingsInput, input);
    return r.success ? {} : issuesToFieldKeys(r.issues);
  };

  it('default: a 240-minute window, unscheduled work refused', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ shiftWindowMinutes: 240, acceptUnscheduledWork: false });
    expect(settingsFrom({ shiftWindowMinutes: 90, acceptUnscheduledWork: true })).toMatchObject({ shiftWindowMinutes: 90, acceptUnscheduledWork: true });
    expect(settingsFrom({ shiftWindowMinutes: '90', acceptUnscheduledWork: 'yes' })).toMatchObject({ shiftWindowMinutes: 240, acceptUnscheduledWork: false });
  });

  it('accepts whole minutes from 60 to 720 and a boolean', () => {
    expect(errors({ ...DEFAULT_SETTINGS, shiftWindowMinutes: 60, acceptUnscheduledWork: true })).toEqual({});
    expect(errors({ ...DEFAULT_SETTINGS, shiftWindowMinutes: 720 })).toEqual({});
    for (const bad of [59, 721, 90.5, null, '120', -1]) {
      expect(errors({ ...DEFAULT_SETTINGS, shiftWindowMinutes: bad })).toEqual({ shiftWindowMinutes: 'settings.shiftWindowRange' });
    }
    expect(errors({ ...DEFAULT_SETTINGS, acceptUnscheduledWork: 'on' })).toEqual({ acceptUnscheduledWork: 'validation.required' });
  });

  it("a first run in Spain accepts unscheduled work; elsewhere it keeps the spec's refusals", () => {
    expect(firstRunSettings('ES', 'Europe/Madrid')).toMatchObject({ country: 'ES', timezone: 'Europe/Madrid', acceptUnscheduledWork: true, shiftWindowMinutes: 240 });
    expect(firstRunSettings('PT', 'Europe/Lisbon').acceptUnscheduledWork).toBe(false);
    expect(firstRunSettings('UK', 'Europe/London').acceptUnscheduledWork).toBe(false);
  });
});
