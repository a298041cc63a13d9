import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { spreadsheetValue } from '#domain/format/spreadsheet-cell.ts';
import { loadExcelJs } from '../../lazy/load-exceljs.ts';
import { log } from '../../log.ts';

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

/** Rows between two looks at the zip's and the client's pace (as the attendance export). */
const BATCH = 50;
const MAX_PENDING_XML = 64 * 1024;

export type Pace = (sheet: ExcelJS.Worksheet) => Promise<boolean>;

/**
 * A workbook written with exceljs' streaming writer straight into the answer, the way the
 * attendance export does it: after every few committed rows the writer lets the zip take the
 * sheet's XML and waits for a slow client, so memory stays flat; `pace` answers false once the
 * client has gone away, and the writer should stop.
 *
 * Formula injection: every sheet this makes escapes each text cell of `addRow` through
 * `spreadsheetValue` (a leading `'` before = + - @ tab CR, `domain/format/spreadsheet-cell.ts`),
 * so no writer can forget it; numbers, dates and durations stay what they are, and a `{formula}`
 * cell is refused. (exceljs writes strings as shared strings, which Excel does not run, but a
 * copy, an edit of the cell or a save as CSV would.) Header rows go through `addRow` too, never
 * through the columns' `header`.
 */
export function streamWorkbook(label: string, write: (workbook: ExcelJS.stream.xlsx.WorkbookWriter, pace: Pace) => Promise<void>): ReadableStream<Uint8Array> {
  const output = new PassThrough({ highWaterMark: 256 * 1024 });
  let rows = 0;
  const pace: Pace = async (sheet) => {
    if (++rows % BATCH !== 0) return !output.destroyed;
    await new Promise((resolve) => setImmediate(resolve));
    while (pendingXml(sheet) > MAX_PENDING_XML && !output.destroyed) await new Promise((resolve) => setTimeout(resolve, 2));
    while (output.writableNeedDrain && !output.destroyed) await Promise.race([once(output, 'drain'), once(output, 'close')]);
    return !output.destroyed;
  };
  const run = async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: true });
    workbook.creator = 'Jornada';
    escapeTextCells(workbook);
    await write(workbook, pace);
    if (!output.destroyed) await workbook.commit();
  };
  run().catch((error: unknown) => {
    log.error({ err: error }, `${label} export failed`);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

/** Makes every sheet of `workbook` write its rows' texts through `spreadsheetValue`. */
function escapeTextCells(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  const addWorksheet = workbook.addWorksheet.bind(workbook);
  workbook.addWorksheet = (name?: string, options?: Partial<ExcelJS.AddWorksheetOptions>) => {
    const sheet = addWorksheet(name, options);
    const addRow = sheet.addRow.bind(sheet);
    sheet.addRow = (values: unknown, style?: string) => {
      if (!Array.isArray(values)) throw new Error('Export rows are arrays of cells.');
      return addRow(values.map(spreadsheetValue), style);
    };
    return sheet;
  };
}

/** A worksheet name Excel accepts (no []:*?/\, at most 31 characters), unique in `taken`. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const clean =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Sheet';
  let name = clean.slice(0, 31);
  for (let i = 2; taken.has(name.toLowerCase()); i++) {
    const suffix = ` (${i})`;
    name = clean.slice(0, 31 - suffix.length) + suffix;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** Seconds as a spreadsheet duration (days), shown with `[h]:mm`: exact, and sums in Excel. */
export const durationValue = (seconds: number) => seconds / 86_400;

/** `HH:mm` as a spreadsheet time of day. */
export const timeOfDayValue = (time: string) => (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) / 1440;

/** A calendar date as the spreadsheet date it names (UTC midnight: a spreadsheet has no zones). */
export const dateValue = (date: string) => new Date(`${date}T00:00:00.000Z`);

/** Content-Disposition for a download with a non-ASCII-safe file name. */
export function attachment(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
