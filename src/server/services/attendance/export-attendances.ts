import { WORK_FLAG_LABELS } from '#domain/attendance/work-flag.ts';
import type ExcelJS from 'exceljs';
import { hoursOf } from '#domain/attendance/attendance-metrics.ts';
import { wallClockReader } from '#domain/attendance/shift-times.ts';
import { missingCheckOut } from '#domain/clock/clock-engine.ts';
import type { ListQuery } from '#domain/lists/list-query.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { exportAttendanceRows, type AttendanceViewer, type ExportRow } from '../../db/repositories/attendances.ts';
import { openReadOnlyDb } from '../../db/read-only-db.ts';
import { nowIso } from '../../clock/now.ts';
import { streamWorkbook } from '../reports/xlsx-stream.ts';

/**
 * Columns of the export, in order. Dates and times are real spreadsheet values (the wall clock in
 * the attendance's time zone: a spreadsheet has no zones), hours and minutes are numbers.
 */
const COLUMNS: [key: string, width: number][] = [
  ['attendance.columns.employee', 28],
  ['attendance.columns.nationalId', 14],
  ['attendance.columns.department', 18],
  ['attendance.columns.date', 12],
  ['attendance.columns.timeIn', 10],
  ['attendance.columns.timeOut', 10],
  ['attendance.columns.breakIn', 10],
  ['attendance.columns.breakOut', 10],
  ['attendance.columns.breakHours', 12],
  ['attendance.columns.workedHours', 12],
  ['attendance.columns.statusInOut', 16],
  ['attendance.columns.lateMinutes', 14],
  ['attendance.columns.earlyMinutes', 16],
  ['attendance.columns.reason', 40],
];

/**
 * One style object per column, shared by all its cells: exceljs recognises a style object it has
 * seen (a WeakMap), where a fresh object per cell would be registered again for every cell.
 */
function cellStyles(timeFormat: '1' | '2'): Partial<ExcelJS.Style>[] {
  const text: Partial<ExcelJS.Style> = {};
  const time: Partial<ExcelJS.Style> = { numFmt: timeFormat === '2' ? 'h:mm AM/PM' : 'hh:mm' };
  const hours: Partial<ExcelJS.Style> = { numFmt: '0.00' };
  const minutes: Partial<ExcelJS.Style> = { numFmt: '0' };
  return [text, text, text, { numFmt: 'dd/mm/yyyy' }, time, time, time, time, hours, hours, text, minutes, minutes, text];
}

/** `attendance-2026-11-21.xlsx` / `asistencia-2026-11-21.xlsx`. */
export function exportFileName(lang: Language, today: string): string {
  return `${translate(lang, 'attendance.exportFilePrefix')}-${today}.xlsx`;
}

/**
 * The filtered attendance list as an .xlsx, streamed: rows are read one at a time (as arrays) from
 * a snapshot on a read-only connection and written by `attendanceWorkbook`. Memory stays flat
 * whatever the row count; a slow client slows the reading (the writer waits for the output to
 * drain); a client that goes away stops it.
 */
export function exportAttendances(options: { query: ListQuery; viewer: AttendanceViewer; lang: Language; timeFormat: '1' | '2' }): ReadableStream<Uint8Array> {
  return attendanceWorkbook(async () => {
    const source = await openReadOnlyDb();
    return { rows: source.rawRows<ExportRow>(exportAttendanceRows(source.db, options.query, options.viewer)), close: () => source.close() };
  }, options);
}

/**
 * The attendance sheet written from `open()`'s rows through `streamWorkbook` (which escapes every
 * text cell against formulas; dates, times, hours and minutes are values).
 */
export function attendanceWorkbook(open: () => Promise<{ rows: Iterable<ExportRow> | AsyncIterable<ExportRow>; close: () => void }>, options: { lang: Language; timeFormat: '1' | '2' }): ReadableStream<Uint8Array> {
  return streamWorkbook('attendance', async (workbook, pace) => {
    const source = await open();
    try {
      const sheet = workbook.addWorksheet(translate(options.lang, 'pages.attendance'), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = COLUMNS.map(([, width]) => ({ width }));
      const header = sheet.addRow(COLUMNS.map(([key]) => translate(options.lang, key)));
      header.font = { bold: true };
      header.commit();
      const styles = cellStyles(options.timeFormat);

      const readers = new Map<string, (instant: string) => Date>();
      const wallClock = (instant: string, zone: string) => {
        let read = readers.get(zone);
        if (!read) readers.set(zone, (read = wallClockReader(zone)));
        return read(instant);
      };

      const now = nowIso();
      const label = {
        in: translate(options.lang, 'attendance.in'),
        out: translate(options.lang, 'attendance.out'),
        missing: translate(options.lang, 'attendance.missingCheckOut'),
        closed: translate(options.lang, 'attendance.closedAutomatically'),
        clock: translate(options.lang, 'attendance.sourceClock'),
        manual: translate(options.lang, 'attendance.sourceManual'),
        'rest-day': translate(options.lang, WORK_FLAG_LABELS['rest-day']),
        unscheduled: translate(options.lang, WORK_FLAG_LABELS.unscheduled),
      };

      for await (const [first, last, nationalId, department, date, zone, timeIn, timeOut, breakS, workedS, lateS, earlyS, reason, source_, breakIn, breakOut, workFlag, closedAutomatically] of source.rows) {
        const row = sheet.addRow([
          `${first} ${last}`,
          nationalId,
          department,
          new Date(`${date}T00:00:00.000Z`),
          wallClock(timeIn, zone),
          timeOut === null ? null : wallClock(timeOut, zone),
          breakIn === null ? null : wallClock(breakIn, zone),
          breakOut === null ? null : wallClock(breakOut, zone),
          hoursOf(breakS),
          workedS === null ? null : hoursOf(workedS),
          // As the list shows it: in, out, closed automatically (decision 056), or a day left open.
          closedAutomatically === 1 ? label.closed : timeOut !== null ? label.out : missingCheckOut({ date, timeIn, timeOut }, now, zone) ? label.missing : label.in,
          Math.round(lateS / 60),
          Math.round(earlyS / 60),
          // A record without a written reason says where it came from, as the list does; work
          // outside the schedule says so first (decision 032).
          [workFlag ? label[workFlag] : '', reason || label[source_]].filter(Boolean).join(' · '),
        ]);
        row.eachCell((cell, column) => {
          cell.style = styles[column - 1]!;
        });
        row.commit();
        // Lets the zip take what was written and waits for a slow client (streamWorkbook's pace).
        if (!(await pace(sheet))) return;
      }
      sheet.commit();
    } finally {
      source.close();
    }
  });
}
