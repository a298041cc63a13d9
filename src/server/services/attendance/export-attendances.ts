import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { hoursOf } from '../../../domain/attendance/attendance-metrics.ts';
import { wallClockReader } from '../../../domain/attendance/shift-times.ts';
import type { ListQuery } from '../../../domain/lists/list-query.ts';
import type { Language } from '../../../i18n/languages.ts';
import { translate } from '../../../i18n/translate.ts';
import { orderedAttendances, type AttendanceViewer } from '../../db/repositories/attendances.ts';
import { openReadOnlyDb } from '../../db/read-only-db.ts';

/** Rows written between two looks at the client's pace (and a turn of the event loop). */
const BATCH = 500;

/**
 * Columns of the export, in order. Dates and times are real spreadsheet values (the wall clock in
 * the attendance's time zone: a spreadsheet has no zones), hours and minutes are numbers.
 */
function columns(lang: Language, timeFormat: '1' | '2'): Partial<ExcelJS.Column>[] {
  const t = (key: string) => translate(lang, key);
  const time = timeFormat === '2' ? 'h:mm AM/PM' : 'hh:mm';
  return [
    { header: t('attendance.columns.employee'), key: 'employee', width: 28 },
    { header: t('attendance.columns.nationalId'), key: 'nationalId', width: 14 },
    { header: t('attendance.columns.department'), key: 'department', width: 18 },
    { header: t('attendance.columns.date'), key: 'date', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: t('attendance.columns.timeIn'), key: 'timeIn', width: 10, style: { numFmt: time } },
    { header: t('attendance.columns.timeOut'), key: 'timeOut', width: 10, style: { numFmt: time } },
    { header: t('attendance.columns.breakHours'), key: 'breakHours', width: 12, style: { numFmt: '0.00' } },
    { header: t('attendance.columns.workedHours'), key: 'workedHours', width: 12, style: { numFmt: '0.00' } },
    { header: t('attendance.columns.lateMinutes'), key: 'late', width: 14, style: { numFmt: '0' } },
    { header: t('attendance.columns.earlyMinutes'), key: 'early', width: 16, style: { numFmt: '0' } },
    { header: t('attendance.columns.reason'), key: 'reason', width: 40 },
  ];
}

/** `attendance-2026-11-21.xlsx` / `asistencia-2026-11-21.xlsx`. */
export function exportFileName(lang: Language, today: string): string {
  return `${translate(lang, 'attendance.exportFilePrefix')}-${today}.xlsx`;
}

/**
 * The filtered attendance list as an .xlsx, streamed: rows are read one at a time from a snapshot
 * on a read-only connection and committed to exceljs' streaming writer, whose zip output flows
 * straight into the answer. Memory stays flat whatever the row count; a slow client slows the
 * reading (the writer waits for the output to drain); a client that goes away stops it.
 *
 * Formula injection: every text goes in as a JavaScript string, which exceljs always writes as a
 * shared-string cell (`t="s"`), exactly as recorded. A value such as `=1+1`, `+34…`, `-5`, `@x`
 * or one starting with a tab is therefore text in any spreadsheet program, never a formula: the
 * writer makes formulas only from `{formula}` objects, which this never builds.
 */
export function exportAttendances(options: {
  query: ListQuery;
  viewer: AttendanceViewer;
  lang: Language;
  timeFormat: '1' | '2';
}): ReadableStream<Uint8Array> {
  const output = new PassThrough({ highWaterMark: 256 * 1024 });

  const write = async () => {
    const db = await openReadOnlyDb();
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: true });
      workbook.creator = 'Jornada';
      const sheet = workbook.addWorksheet(translate(options.lang, 'pages.attendance'), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns(options.lang, options.timeFormat);
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();

      const readers = new Map<string, (instant: string) => Date>();
      const wallClock = (instant: string, zone: string) => {
        let read = readers.get(zone);
        if (!read) readers.set(zone, (read = wallClockReader(zone)));
        return read(instant);
      };

      let n = 0;
      for await (const r of orderedAttendances(db, options.query, options.viewer).stream()) {
        if (output.destroyed) return;
        sheet
          .addRow({
            employee: `${r.firstName} ${r.lastName}`,
            nationalId: r.nationalId,
            department: r.departmentName,
            date: new Date(`${r.date}T00:00:00.000Z`),
            timeIn: wallClock(r.timeIn, r.timezone),
            timeOut: r.timeOut === null ? null : wallClock(r.timeOut, r.timezone),
            breakHours: hoursOf(r.breakSeconds),
            workedHours: r.workedSeconds === null ? null : hoursOf(r.workedSeconds),
            late: Math.round(r.lateSeconds / 60),
            early: Math.round(r.earlyDepartureSeconds / 60),
            reason: r.reason,
          })
          .commit();
        if (++n % BATCH === 0) {
          await new Promise((resolve) => setImmediate(resolve));
          while (output.writableNeedDrain && !output.destroyed) await Promise.race([once(output, 'drain'), once(output, 'close')]);
        }
      }
      sheet.commit();
      await workbook.commit();
    } finally {
      await db.destroy();
    }
  };

  write().catch((error: unknown) => {
    console.error('attendance export failed', error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
