import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { pendingXml } from '../attendance/export-attendances.ts';
import { loadExcelJs } from '../../lazy/load-exceljs.ts';
import { log } from '../../log.ts';

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
 * Formula injection: texts must go in as JavaScript strings, which exceljs writes as
 * shared-string cells, never as formulas (`=1+1`, `+34…`, `@x` stay text). Nothing here builds a
 * `{formula}` cell.
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
    await write(workbook, pace);
    if (!output.destroyed) await workbook.commit();
  };
  run().catch((error: unknown) => {
    log.error({ err: error }, `${label} export failed`);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

/** A worksheet name Excel accepts (no []:*?/\, at most 31 characters), unique in `taken`. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const clean = wanted.replace(/[[\]:*?/\\]/g, ' ').replace(/^'+|'+$/g, '').trim() || 'Sheet';
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
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
