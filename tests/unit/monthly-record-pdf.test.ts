import { describe, expect, it } from 'vitest';
import { computeAttendanceMetrics } from '../../src/domain/attendance/attendance-metrics.ts';
import { shiftInstants } from '../../src/domain/attendance/shift-times.ts';
import { createDayCalendar, nextDate } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import { monthPeriod } from '../../src/domain/reports/periods.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { monthlyRecordPdf, recordPdfFileName } from '../../src/server/services/reports/monthly-record-pdf.ts';
import type { EmployeeMonthlyRecord, MonthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { pdfPages, streamBytes } from '../helpers/pdf-text.ts';

/** The monthly record as PDF (issue 18.10, decision 035), rendered from a record built by the domain. */

const MADRID = 'Europe/Madrid';
const schedule: ScheduleRule = { id: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null, status: 'current' };
const calendar = createDayCalendar(MADRID);

function day(date: string, timeIn: string, timeOut: string, extra: Partial<RecordAttendance> = {}): RecordAttendance {
  const shift = shiftInstants(date, { timeIn, timeOut, breakIn: '13:00', breakOut: '13:30' }, MADRID);
  const m = computeAttendanceMetrics({ date, timeZone: MADRID, graceMinutes: 5, schedule, shift });
  return { date, timeIn: shift.timeIn, timeOut: shift.timeOut, breaks: shift.breaks, timezone: MADRID, revision: 1, reason: null, source: 'clock', ...m, ...extra };
}

/** A March 2027 of every working day, one remote day with overtime compensated with rest, one corrected day. */
function entry(i: number, name: string): EmployeeMonthlyRecord {
  const attendances: RecordAttendance[] = [];
  for (let d = '2027-03-01'; d <= '2027-03-31'; d = nextDate(d)) {
    if (calendar.weekday(d) === 'Saturday' || calendar.weekday(d) === 'Sunday') continue;
    if (d === '2027-03-10') attendances.push(day(d, '08:30', '18:30', { workMode: 'remote', overtimeCompensation: 'rest' }));
    else if (d === '2027-03-11') attendances.push(day(d, '09:00', '19:00', { overtimeCompensation: 'paid', revision: 2, reason: 'Olvidó fichar la salida — señal €' }));
    else attendances.push(day(d, '09:00', '17:30'));
  }
  const record = buildMonthlyRecord({ period: monthPeriod('2027-03'), today: '2027-04-15', calendar, schedules: [schedule], leaveByDate: new Map(), attendances });
  return {
    employee: {
      id: i,
      name,
      nationalId: `X${String(i).padStart(7, '0')}L`,
      companyName: 'Panadería Ñandú, S.L.',
      departmentName: 'Obrador',
      jobTitleName: 'Maestra panadera',
      companyTaxId: 'B12345678',
      socialSecurityNumber: '281234567840',
      workingDayType: i % 2 ? 'part-time' : 'full-time',
      partTimePercent: i % 2 ? 50 : null,
    },
    record,
    revisions: {},
    chainHead: { companyId: 1, seq: 42, hash: 'ab12cd34ef567890'.repeat(4), createdAt: '2027-04-14T18:00:00.000Z' },
    acknowledgedAt: null,
    requests: {},
  };
}

const records = (entries: EmployeeMonthlyRecord[]): MonthlyRecords => ({
  month: '2027-03',
  period: monthPeriod('2027-03'),
  today: '2027-04-15',
  now: '2027-04-15T10:00:00.000Z',
  timezone: MADRID,
  records: entries,
});

describe('monthly record PDF', () => {
  it('is a PDF with the header, every day, the totals and the legal texts, in Spanish with accents, ñ and €', async () => {
    const bytes = await streamBytes(monthlyRecordPdf(records([entry(1, 'Łucja Núñez Peña')]), { lang: 'es', timeFormat: '1' }));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    const text = pages.join('\n');
    if (process.env.PDF_DUMP) console.log(text);
    for (const expected of [
      'Registro de jornada · marzo de 2027',
      'Panadería Ñandú, S.L.',
      'B12345678',
      'Łucja Núñez Peña',
      'X0000001L',
      '28/12345678/40',
      'Jornada parcial (50 %)',
      'Maestra panadera · Obrador',
      'Presencial',
      'A distancia',
      'Corregido: Olvidó fichar la salida — señal €',
      'Horas extra retribuidas',
      'Horas extra compensadas con descanso',
      'Horas extra sin indicar',
      'Firma de la empresa',
      'Firma de la persona trabajadora',
      'art. 34.9',
      'Cabeza de la cadena de registros: #42 · ab12cd34ef567890, 14/04/2027',
    ]) {
      expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
    }
    // Overtime says how it is compensated (the cell may wrap).
    expect(text).toMatch(/jue 11\/03\/2027[\s\S]*?1 h 30 min\s+\(retribuidas\)/);
    expect(text).toMatch(/mié 10\/03\/2027[\s\S]*?1 h 30 min\s+\(descanso\)\s+A distancia/);
    // A day's row: weekday and date, start, end, the break, break time, worked, overtime, mode.
    expect(text).toMatch(/lun 01\/03\/2027\s+09:00\s+17:30\s+13:00–13:30\s+0 h 30 min\s+8 h 00 min\s+Presencial/);
    expect(text).toMatch(/Totales del mes \(23 días trabajados\)/);
    expect(pages.at(-1)).toMatch(new RegExp(`Página ${pages.length} de ${pages.length}`));
  });

  it('puts each employee on pages of their own, numbered per employee, and names the file', async () => {
    const all = records([entry(1, 'Ana Arroyo'), entry(2, 'Bruno Bravo')]);
    const pages = await pdfPages(await streamBytes(monthlyRecordPdf(all, { lang: 'en', timeFormat: '2' })));
    const starts = pages.map((p, i) => (p.includes('Working time record · March 2027') ? i : -1)).filter((i) => i >= 0);
    expect(starts).toHaveLength(2);
    expect(pages[starts[0]!]).toContain('Ana Arroyo');
    expect(pages[starts[1]!]).toContain('Bruno Bravo');
    expect(pages[starts[1]!]).toMatch(/Page 1 of \d/);
    expect(pages.join('\n')).toContain('Record chain head: #42 · ab12cd34ef567890');
    // English 12-hour times (with their narrow no-break space) survive the font.
    expect(pages.join('\n')).toMatch(/9:00\s(AM|am)/);
    expect(recordPdfFileName(all, 'es')).toBe('registro-jornada-2027-03.pdf');
    expect(recordPdfFileName(records([entry(1, 'Ana Arroyo')]), 'en')).toBe('working-time-record-2027-03-ana-arroyo.pdf');
  });

  it('renders 50 employees, one page each', async () => {
    // Its speed is not asserted here (a timed unit test fails on a busy machine and proves
    // nothing on an idle one); the figure is logged for whoever reads the run.
    const fifty = records(Array.from({ length: 50 }, (_, i) => entry(i + 1, `Persona ${i + 1} Prueba`)));
    const started = performance.now();
    const bytes = await streamBytes(monthlyRecordPdf(fifty, { lang: 'es', timeFormat: '1' }));
    console.log(`monthly record PDF, 50 employees: ${Math.round(performance.now() - started)} ms, ${Math.round(bytes.length / 1024)} KB`);
    expect((await pdfPages(bytes)).filter((p) => p.includes('Registro de jornada · marzo de 2027'))).toHaveLength(50);
  }, 30_000);
});
