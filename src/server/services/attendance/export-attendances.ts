import { WORK_FLAG_LABELS } from '#domain/attendance/work-flag.ts';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { hoursOf } from '#domain/attendance/attendance-metrics.ts';
import { wallClockReader } from '#domain/attendance/shift-times.ts';
import { missingCheckOut } from '#domain/clock/clock-engine.ts';
import type { ListQuery } from '#domain/lists/list-query.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { exportAttendanceRows, type AttendanceViewer, type ExportRow } from '../../db/repositories/attendances.ts';
import { openReadOnlyDb } from '../../db/read-only-db.ts';
import { loadExcelJs } from '../../lazy/load-exceljs.ts';
import { log } from '../../log.ts';
import { nowIso } from '../../clock/now.ts';

/** Rows written between two looks at the zip's and the client's pace (and a turn of the event loop). */
const BATCH = 50;
/** Sheet XML allowed to wait for compression before rows stop being made. */
const MAX_PENDING_XML = 64 * 1024;

/**
 * Bytes of sheet XML written but not yet taken by the zip. exceljs hands its XML to the zip
 * without waiting (it ignores `write()`'s answer), so the writer looks at the zip entry's input
 * itself: `sheet.stream` (exceljs' buffer, public) pipes into the entry's stream. 0 when that
 * shape is not there (another exceljs version): the export then still works, just without this
 * limit.
 */
export function pendingXml(sheet: ExcelJS.Worksheet): number {
  const buffer = (sheet as unknown as { stream?: { pipes?: { _writableState?: { length?: number } }[] } }).stream;
  return buffer?.pipes?.[0]?._writableState?.length ?? 0;
}

/**
 * Columns of the export, in order. Dates and times are real spreadsheet values (the wall clock in
 * the attendance's time zone: a spreadsheet has no zones), hours and minutes are numbers.
 */
function columns(lang: Language): Partial<ExcelJS.Column>[] {
  const t = (key: string) => translate(lang, key);
  return [
    { header: t('attendance.columns.employee'), width: 28 },
    { header: t('attendance.columns.nationalId'), width: 14 },
    { header: t('attendance.columns.department'), width: 18 },
    { header: t('attendance.columns.date'), width: 12 },
    { header: t('attendance.columns.timeIn'), width: 10 },
    { header: t('attendance.columns.timeOut'), width: 10 },
    { header: t('attendance.columns.breakIn'), width: 10 },
    { header: t('attendance.columns.breakOut'), width: 10 },
    { header: t('attendance.columns.breakHours'), width: 12 },
    { header: t('attendance.columns.workedHours'), width: 12 },
    { header: t('attendance.columns.statusInOut'), width: 16 },
    { header: t('attendance.columns.lateMinutes'), width: 14 },
    { header: t('attendance.columns.earlyMinutes'), width: 16 },
    { header: t('attendance.columns.reason'), width: 40 },
  ];
}

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
 * a snapshot on a read-only connection and committed to exceljs' streaming writer, whose zip output flows
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
    const ExcelJS = await loadExcelJs();
    const source = await openReadOnlyDb();
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: output,
        useStyles: true,
        useSharedStrings: true,
      });
      workbook.creator = 'Jornada';
      const sheet = workbook.addWorksheet(translate(options.lang, 'pages.attendance'), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns(options.lang);
      const header = sheet.getRow(1);
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

      let n = 0;
      const rows = source.rawRows<ExportRow>(exportAttendanceRows(source.db, options.query, options.viewer));
      for await (const [first, last, nationalId, department, date, zone, timeIn, timeOut, breakS, workedS, lateS, earlyS, reason, source, breakIn, breakOut, workFlag, closedAutomatically] of rows) {
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
          [workFlag ? label[workFlag] : '', reason || label[source]].filter(Boolean).join(' · '),
        ]);
        row.eachCell((cell, column) => {
          cell.style = styles[column - 1]!;
        });
        row.commit();
        if (++n % BATCH === 0) {
          // Let the zip take what was written (rows are made faster than they compress) and wait
          // for a slow client, so neither the sheet's XML nor the zip piles up in memory.
          await new Promise((resolve) => setImmediate(resolve));
          while (pendingXml(sheet) > MAX_PENDING_XML && !output.destroyed) await new Promise((resolve) => setTimeout(resolve, 2));
          while (output.writableNeedDrain && !output.destroyed) await Promise.race([once(output, 'drain'), once(output, 'close')]);
          if (output.destroyed) return;
        }
      }
      sheet.commit();
      await workbook.commit();
    } finally {
      source.close();
    }
  };

  write().catch((error: unknown) => {
    log.error({ err: error }, 'attendance export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
