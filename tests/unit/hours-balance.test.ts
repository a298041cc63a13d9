import { describe, expect, it } from 'vitest';
import { balanceDelta, hoursBalance, isoWeekOf, toilAvailability, toilShortfall, weeklyOvertime, type BalanceDay } from '../../src/domain/worktime/hours-balance.ts';

const H = 3600;
function day(date: string, over: Partial<BalanceDay> = {}): BalanceDay {
  return { date, kind: 'worked', countedSeconds: 8 * H, expectedSeconds: 8 * H, overtimeSeconds: 0, overtimeCompensation: null, toilSeconds: 0, ...over };
}

describe('hours balance (decision 049)', () => {
  it('credits overtime left unmarked or compensated with rest, and takes paid overtime out', () => {
    const days = [
      day('2026-03-02', { countedSeconds: 10 * H, overtimeSeconds: 2 * H }), // +2 h unmarked
      day('2026-03-03', { countedSeconds: 9.5 * H, overtimeSeconds: 1.5 * H, overtimeCompensation: 'rest' }), // +1.5 h
      day('2026-03-04', { countedSeconds: 11 * H, overtimeSeconds: 3 * H, overtimeCompensation: 'paid' }), // 0: paid
      day('2026-03-05', { countedSeconds: 7 * H }), // −1 h short
    ];
    const b = hoursBalance(days);
    expect(b.balanceSeconds).toBe(2 * H + 1.5 * H + 0 - 1 * H);
    expect(b.countedSeconds).toBe(37.5 * H);
    expect(b.expectedSeconds).toBe(32 * H);
    expect(b.overtimeSeconds).toBe(6.5 * H);
    expect(b.paidSeconds).toBe(3 * H);
    expect(b.restSeconds).toBe(1.5 * H);
  });

  it('debits a TOIL day by its scheduled hours, an absence by its expected hours; other leave, rest days and holidays move nothing', () => {
    const days = [
      day('2026-03-09', { kind: 'leave', countedSeconds: null, expectedSeconds: 0, toilSeconds: 7.5 * H }),
      day('2026-03-10', { kind: 'absent', countedSeconds: null, expectedSeconds: 8 * H }),
      day('2026-03-11', { kind: 'leave', countedSeconds: null, expectedSeconds: 0 }),
      day('2026-03-14', { kind: 'rest', countedSeconds: null, expectedSeconds: 0 }),
      day('2026-03-19', { kind: 'holiday', countedSeconds: null, expectedSeconds: 0 }),
    ];
    const b = hoursBalance(days);
    expect(b.balanceSeconds).toBe(-7.5 * H - 8 * H);
    expect(b.toilSeconds).toBe(7.5 * H);
    expect(b.expectedSeconds).toBe(15.5 * H);
  });

  it('all work on a holiday or rest day is credit; an open day and upcoming days count neither way', () => {
    const days = [
      day('2026-03-19', { kind: 'worked', countedSeconds: 4 * H, expectedSeconds: 0, overtimeSeconds: 4 * H }),
      day('2026-03-20', { kind: 'open', countedSeconds: null, expectedSeconds: 8 * H }),
      day('2026-03-23', { kind: 'upcoming', countedSeconds: null, expectedSeconds: 0 }),
    ];
    const b = hoursBalance(days);
    expect(b.balanceSeconds).toBe(4 * H);
    expect(b.openDays).toBe(1);
    expect(balanceDelta(days[1]!)).toBe(0);
  });

  it('a DST night expects its real length (the record says so) and the balance follows it', () => {
    // 22:00–06:00 of 8 h on the night clocks go forward in Madrid (2026-03-28→29) expects 7 h.
    const b = hoursBalance([day('2026-03-28', { countedSeconds: 7 * H, expectedSeconds: 7 * H })]);
    expect(b.balanceSeconds).toBe(0);
  });
});

describe('ISO weeks', () => {
  it.each([
    ['2026-01-01', '2026-W01'], // Thursday
    ['2025-12-29', '2026-W01'], // Monday of the same week
    ['2027-01-01', '2026-W53'], // Friday: 2026 has 53 weeks
    ['2027-01-03', '2026-W53'], // Sunday
    ['2027-01-04', '2027-W01'],
    ['2024-12-30', '2025-W01'],
    ['2026-03-29', '2026-W13'], // Sunday
    ['2026-03-30', '2026-W14'],
  ])('%s is %s', (date, week) => expect(isoWeekOf(date)).toBe(week));
});

describe('weekly overtime', () => {
  it('nets short days against long ones inside an ISO week, never below zero, across a month end', () => {
    const days = [
      // 2026-W14: Mon 30 Mar – Sun 5 Apr (crosses March/April)
      day('2026-03-30', { countedSeconds: 10 * H, overtimeSeconds: 2 * H }),
      day('2026-03-31', { countedSeconds: 7 * H }),
      day('2026-04-01', { countedSeconds: 9 * H, overtimeSeconds: 1 * H }),
      day('2026-04-04', { kind: 'worked', countedSeconds: 3 * H, expectedSeconds: 0, overtimeSeconds: 3 * H }), // Saturday, rest day worked
      // 2026-W15: short week
      day('2026-04-06', { countedSeconds: 6 * H }),
      day('2026-04-07', { kind: 'open', countedSeconds: null }),
    ];
    expect(weeklyOvertime(days)).toEqual([
      { week: '2026-W14', countedSeconds: 29 * H, expectedSeconds: 24 * H, overtimeSeconds: 5 * H },
      { week: '2026-W15', countedSeconds: 6 * H, expectedSeconds: 8 * H, overtimeSeconds: 0 },
    ]);
  });
});

describe('TOIL requests', () => {
  it('fit while the available balance covers them', () => {
    expect(toilShortfall(8 * H, 8 * H)).toBe(0);
    expect(toilShortfall(8 * H, 7.5 * H)).toBe(0);
    expect(toilShortfall(7 * H, 8 * H)).toBe(1 * H);
    expect(toilShortfall(-5 * H, 8 * H)).toBe(8 * H); // a debit gives nothing to take
  });
});

describe('what time off in lieu may take', () => {
  // +10 h worked on Monday and Tuesday, Wednesday a TOIL request, Thursday today, Friday ahead.
  const worked = [day('2026-03-02', { countedSeconds: 13 * H, overtimeSeconds: 5 * H }), day('2026-03-03', { countedSeconds: 13 * H, overtimeSeconds: 5 * H })];
  const base = { from: '2026-03-02', today: '2026-03-05' };

  it('a pending TOIL day in the past is reserved once, not also debited as an absence', () => {
    const days = [...worked, day('2026-03-04', { kind: 'absent', countedSeconds: null, expectedSeconds: 8 * H })];
    const r = toilAvailability({ ...base, days, reserved: new Map([['2026-03-04', 8 * H]]) });
    expect(r.balance.balanceSeconds).toBe(2 * H); // the record still sees an absence
    expect(r.availableSeconds).toBe(2 * H); // 10 − 8 reserved (the −8 absence replaced)
  });

  it('an approved TOIL day in the past: its debit is the reservation', () => {
    const days = [...worked, day('2026-03-04', { kind: 'leave', countedSeconds: null, expectedSeconds: 0, toilSeconds: 8 * H })];
    const r = toilAvailability({ ...base, days, reserved: new Map([['2026-03-04', 8 * H]]) });
    expect(r.balance.balanceSeconds).toBe(2 * H);
    expect(r.availableSeconds).toBe(2 * H);
  });

  it("future TOIL reserves its hours; the request's own days are set apart and summed", () => {
    const days = [...worked, day('2026-03-04', { kind: 'absent', countedSeconds: null, expectedSeconds: 8 * H })];
    const r = toilAvailability({ ...base, days, reserved: new Map([['2026-03-06', 7 * H]]), request: new Map([['2026-03-04', 8 * H]]) });
    expect(r.balance.balanceSeconds).toBe(2 * H);
    expect(r.availableSeconds).toBe(10 * H - 7 * H);
    expect(r.requestedSeconds).toBe(8 * H);
    expect(toilShortfall(r.availableSeconds, r.requestedSeconds)).toBe(5 * H);
  });

  it('a TOIL day worked after all keeps its own figure; nothing recorded yet means nothing to take', () => {
    const days = [...worked, day('2026-03-04', { countedSeconds: 8 * H })];
    expect(toilAvailability({ ...base, days, reserved: new Map([['2026-03-04', 8 * H]]) }).availableSeconds).toBe(2 * H);
    const none = toilAvailability({
      from: null,
      today: '2026-03-05',
      days: [day('2026-03-04', { kind: 'absent', countedSeconds: null })],
      reserved: new Map([
        ['2026-03-06', 8 * H],
        ['2026-03-01', 8 * H],
      ]),
    });
    expect(none.balance.balanceSeconds).toBe(0);
    expect(none.availableSeconds).toBe(-8 * H); // only the reservation from today on
  });
});

describe('the span calendar', () => {
  it('answers as the exact calendar on every date of two years, DST nights included', async () => {
    const { createDayCalendar } = await import('../../src/domain/reports/day-calendar.ts');
    const { spanCalendar } = await import('../../src/domain/worktime/hours-balance-calendar.ts');
    const { datesOf } = await import('../../src/domain/reports/periods.ts');
    const shifts = [
      { startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Sunday' as const] },
      { startTime: '22:00', offTime: '06:00', totalHours: 8, restDays: [] },
      { startTime: '00:30', offTime: '03:30', totalHours: 3, restDays: [] },
    ];
    for (const zone of ['Europe/Madrid', 'America/New_York', 'Atlantic/Canary']) {
      const exact = createDayCalendar(zone);
      const fast = spanCalendar(createDayCalendar(zone));
      let differs = 0;
      for (const date of datesOf({ from: '2026-01-01', to: '2027-12-31' })) {
        for (const s of shifts) {
          expect(fast.expectedSeconds(date, s), `${zone} ${date} ${s.startTime}`).toBe(exact.expectedSeconds(date, s));
          if (exact.expectedSeconds(date, s) !== Math.round(s.totalHours * 3600) && !s.restDays.includes(exact.weekday(date) as never)) differs++;
        }
      }
      expect(differs).toBeGreaterThan(0); // the DST nights are there and answered exactly
    }
  });
});
