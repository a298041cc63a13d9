import { describe, expect, it } from 'vitest';
import { describeSnapshotAlerts, snapshotAlertLines, snapshotDifferences, snapshotDigestText, snapshotFigureLabel, snapshotFigureValue } from '../../src/domain/periods/approval-snapshot.ts';
import { emptyPayrollMonth } from '../../src/domain/payroll/payroll-month.ts';
import { buildMonthlyRecord } from '../../src/domain/reports/monthly-record.ts';
import { monthPeriod } from '../../src/domain/reports/periods.ts';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { DEFAULT_BREAK_RULES } from '../../src/domain/worktime/break-rules.ts';
import { figurePayload } from '../../src/domain/record-chain/record-chain.ts';
import { translator } from '../../src/i18n/translate.ts';

/** The comparison of an approval's frozen figures with a fresh computation (issue 33 point 1, decision 051 update). */
describe('snapshotDifferences', () => {
  const payroll = { overtimeSeconds: 3600, workedDays: 2, unjustifiedDates: [{ from: '2026-03-02', to: '2026-03-03' }] };
  const totals = { workedSeconds: 61200, overtimeSeconds: 3600 };

  it('equal figures: nothing', () => {
    expect(snapshotDifferences({ payroll, totals }, { payroll: { ...payroll }, totals: { ...totals } })).toEqual([]);
  });

  it('names each differing figure, payroll first then totals, with both values', () => {
    const fresh = { payroll: { ...payroll, overtimeSeconds: 7200 }, totals: { ...totals, workedSeconds: 64800, overtimeSeconds: 7200 } };
    expect(snapshotDifferences({ payroll, totals }, fresh)).toEqual([
      { figure: 'payroll.overtimeSeconds', snapshot: 3600, fresh: 7200 },
      { figure: 'totals.overtimeSeconds', snapshot: 3600, fresh: 7200 },
      { figure: 'totals.workedSeconds', snapshot: 61200, fresh: 64800 },
    ]);
  });

  it('a list figure differs by content, shown as canonical JSON; a figure on one side only differs too', () => {
    const fresh = { payroll: { ...payroll, unjustifiedDates: [{ to: '2026-03-02', from: '2026-03-02' }], nightSeconds: 0 }, totals };
    expect(snapshotDifferences({ payroll, totals }, fresh)).toEqual([
      { figure: 'payroll.nightSeconds', snapshot: null, fresh: 0 },
      { figure: 'payroll.unjustifiedDates', snapshot: '[{"from":"2026-03-02","to":"2026-03-03"}]', fresh: '[{"from":"2026-03-02","to":"2026-03-02"}]' },
    ]);
  });

  it('key order does not matter to the digest text', () => {
    expect(snapshotDigestText({ payroll: { b: 1, a: 2 }, totals: {} })).toBe(snapshotDigestText({ totals: {}, payroll: { a: 2, b: 1 } }));
  });

  it("figures are named in the reader's language and shown in their unit: durations in h/min, counts, lists by their length", () => {
    const [en, es] = [translator('en'), translator('es')];
    expect(snapshotFigureLabel('totals.workedSeconds', en)).toBe('worked time (record)');
    expect(snapshotFigureLabel('totals.workedSeconds', es)).toBe('tiempo trabajado (registro)');
    expect(snapshotFigureLabel('payroll.nightSeconds', es)).toBe('horas nocturnas (nómina)');
    expect(snapshotFigureLabel('payroll.lateDays', en)).toBe('days late (payroll)');
    // A figure this build does not know (a layout that grew) keeps its identifier.
    expect(snapshotFigureLabel('payroll.somethingNew', en)).toBe('payroll.somethingNew');
    expect(snapshotFigureValue('payroll.overtimeSeconds', 5400, en, 'en')).toBe('1 h 30 min');
    expect(snapshotFigureValue('totals.breakSeconds', 59, es, 'es')).toBe('0 h 01 min');
    expect(snapshotFigureValue('totals.workedDays', 21, es, 'es')).toBe('21');
    expect(snapshotFigureValue('payroll.unjustifiedDates', '[{"from":"2026-03-02","to":"2026-03-03"}]', en, 'en')).toBe('1 item');
    expect(snapshotFigureValue('payroll.absences', '[{"a":1},{"a":2}]', es, 'es')).toBe('2 elementos');
    expect(snapshotFigureValue('payroll.overtimeSeconds', null, es, 'es')).toBe('—');
    // Every figure of the payroll row and of the totals has a name in both languages.
    const month = buildMonthlyRecord({
      period: monthPeriod('2026-03'),
      today: '2026-04-01',
      calendar: createDayCalendar('Europe/Madrid'),
      schedules: [],
      leaveByDate: new Map(),
      attendances: [],
      breakRules: DEFAULT_BREAK_RULES,
    });
    const figures = [...Object.keys(emptyPayrollMonth()).map((k) => `payroll.${k}`), ...Object.keys(month.totals).map((k) => `totals.${k}`)];
    for (const t of [en, es]) for (const f of figures) expect(snapshotFigureLabel(f, t), f).not.toBe(f);
  });

  it('the alert lines name the employee, the period, the figure and both values (es, en, command line)', () => {
    const alerts = [{ employeeId: 7, employeeName: 'Ana Prueba', from: '2026-03-01', to: '2026-03-31', differences: [{ figure: 'payroll.overtimeSeconds', snapshot: 3600, fresh: 7200 }] }];
    expect(snapshotAlertLines(alerts, translator('en'), 'en')).toEqual(['Ana Prueba, 01/03/2026 to 31/03/2026: overtime (payroll): 1 h 00 min when approved, 2 h 00 min now']);
    expect(snapshotAlertLines(alerts, translator('es'), 'es')).toEqual(['Ana Prueba, del 01/03/2026 al 31/03/2026: horas extraordinarias (nómina): 1 h 00 min al aprobar, 2 h 00 min ahora']);
    expect(describeSnapshotAlerts(alerts)[1]).toBe('  Ana Prueba (employee 7), 2026-03-01..2026-03-31: payroll.overtimeSeconds approved 3600, now 7200.');
    expect(describeSnapshotAlerts([])).toEqual([]);
  });
});

describe("the approval's chain payload", () => {
  const approval = {
    id: 1,
    employeeId: 2,
    dateFrom: '2026-03-01',
    dateTo: '2026-03-31',
    status: 'approved',
    approvedBy: 1,
    approvedAt: '2026-04-01T08:00:00.000Z',
    reopenedBy: null,
    reopenedAt: null,
    reopenReason: null,
  };

  it('records the snapshot digest when there is one, and leaves it out when not (entries written before snapshots still verify)', () => {
    expect(JSON.parse(figurePayload('approval', { ...approval, snapshotDigest: 'ab'.repeat(32) })).snapshotDigest).toBe('ab'.repeat(32));
    const without = figurePayload('approval', { ...approval, snapshotDigest: null });
    expect(without).not.toContain('snapshotDigest');
    expect(without).toBe(figurePayload('approval', approval));
    // Other empty columns are still written out as null.
    expect(JSON.parse(without).reopenReason).toBeNull();
  });
});
