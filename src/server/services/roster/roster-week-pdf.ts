import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import { formatDayMonth } from '#domain/reports/report-format.ts';
import type { WeekCell, WeekSheet } from '#domain/roster/roster-week-sheet.ts';
import { weekdayOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { readPackageFile } from '../../package-file.ts';
import { RECORD_PDF_FONT_FILES } from '../reports/monthly-record-pdf.ts';
import { WEEKDAY_SHORT_KEYS } from '#i18n/weekday-keys.ts';

export interface RosterWeekPdfInput {
  sheet: WeekSheet;
  companyName: string;
  departmentName: string;
  /** Today in the company zone: the "printed on" date. */
  today: string;
  /** The server clock's instant (the PDF's creation date). */
  now: string;
  lang: Language;
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
const sheetFonts = () => (fonts ??= { regular: readPackageFile(RECORD_PDF_FONT_FILES.regular), bold: readPackageFile(RECORD_PDF_FONT_FILES.bold) });

// A4 landscape in points: the names' column, then seven equal day columns.
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 30;
const NAME_WIDTH = 152;
const DAY_WIDTH = (PAGE.width - 2 * MARGIN - NAME_WIDTH) / 7;
const HEAD_HEIGHT = 34;
const ROW_HEIGHT = 34;
const INK = '#111827';
const MUTED = '#6b7280';
const LINE = '#9ca3af';
const FILL = { head: '#f3f4f6', holiday: '#fef3c7', leave: '#e0f2fe', rest: '#f9fafb' } as const;

/**
 * A department's published week for the wall (decision 087), as the record PDF is made (pdfkit,
 * Noto Sans, decision 035): company and department, the week's dates, the printed-on date; a grid
 * of employees × seven days with times and break, "Off" for a published rest day, holidays shaded
 * in the heading and every cell of their column, leave named in its cell. Rows continue on new
 * pages under a repeated heading.
 */
export function rosterWeekPdf(input: RosterWeekPdfInput): ReadableStream<Uint8Array> {
  const { sheet, lang } = input;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const { regular, bold } = sheetFonts();
  const title = `${t('rosterWorker.pdfTitle')} · ${input.departmentName}`;
  const doc = new PDFDocument({
    font: null as unknown as string,
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: `${title} · ${sheet.from}`, Producer: 'Jornada', Creator: 'Jornada', CreationDate: new Date(input.now) },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const out = Readable.toWeb(doc) as ReadableStream<Uint8Array>;
  try {
    const week = t('rosterWorker.weekOf', { from: formatLocalDate(sheet.from, lang), to: formatLocalDate(sheet.to, lang) });
    const heading = () => {
      doc.font('bold').fontSize(15).fillColor(INK).text(title, MARGIN, MARGIN, { lineBreak: false });
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(MUTED)
        .text(`${input.companyName} · ${week}`, MARGIN, MARGIN + 20, { lineBreak: false });
      doc.text(t('rosterWorker.pdfPrinted', { date: formatLocalDate(input.today, lang) }), MARGIN, MARGIN + 20, { width: PAGE.width - 2 * MARGIN, align: 'right', lineBreak: false });
      return dayHeads(doc, sheet, lang, t, MARGIN + 40);
    };
    let y = heading();
    if (sheet.rows.length === 0)
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(INK)
        .text(t('rosterWorker.pdfNobody'), MARGIN, y + 10);
    for (const row of sheet.rows) {
      if (y + ROW_HEIGHT > PAGE.height - MARGIN - 16) {
        doc.addPage();
        y = heading();
      }
      doc.rect(MARGIN, y, NAME_WIDTH, ROW_HEIGHT).strokeColor(LINE).lineWidth(0.5).stroke();
      doc
        .font('bold')
        .fontSize(9)
        .fillColor(INK)
        .text(row.name, MARGIN + 4, y + 6, { width: NAME_WIDTH - 8, height: ROW_HEIGHT - 8, ellipsis: true });
      row.cells.forEach((cell, i) => dayCell(doc, cell, sheet.holidays.has(sheet.dates[i]!), MARGIN + NAME_WIDTH + i * DAY_WIDTH, y, t));
      y += ROW_HEIGHT;
    }
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(t('rosterWorker.pdfLegend'), MARGIN, Math.min(y + 8, PAGE.height - MARGIN - 10), { width: PAGE.width - 2 * MARGIN, lineBreak: false });
    doc.end();
  } catch (error) {
    doc.destroy(error as Error);
  }
  return out;
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The heading row (weekday, date, holiday name); answers where the rows start. */
function dayHeads(doc: PDFKit.PDFDocument, sheet: WeekSheet, lang: Language, t: Translate, y: number): number {
  doc.rect(MARGIN, y, NAME_WIDTH, HEAD_HEIGHT).fillAndStroke(FILL.head, LINE);
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text(t('rosterWorker.pdfEmployee'), MARGIN + 4, y + 11, { width: NAME_WIDTH - 8, lineBreak: false });
  sheet.dates.forEach((date, i) => {
    const x = MARGIN + NAME_WIDTH + i * DAY_WIDTH;
    const holiday = sheet.holidays.get(date);
    doc.rect(x, y, DAY_WIDTH, HEAD_HEIGHT).fillAndStroke(holiday ? FILL.holiday : FILL.head, LINE);
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(INK)
      .text(`${t(WEEKDAY_SHORT_KEYS[weekdayOf(date)])} ${formatDayMonth(date, lang)}`, x + 3, y + 4, { width: DAY_WIDTH - 6, align: 'center', lineBreak: false });
    if (holiday)
      doc
        .font('regular')
        .fontSize(7)
        .text(`${t('rosterWorker.pdfHoliday')}: ${holiday}`, x + 3, y + 18, { width: DAY_WIDTH - 6, align: 'center', height: 12, ellipsis: true });
  });
  return y + HEAD_HEIGHT;
}

function dayCell(doc: PDFKit.PDFDocument, cell: WeekCell, holiday: boolean, x: number, y: number, t: Translate): void {
  const fill = cell.leave ? FILL.leave : holiday ? FILL.holiday : cell.kind === 'rest' ? FILL.rest : null;
  if (fill) doc.rect(x, y, DAY_WIDTH, ROW_HEIGHT).fillAndStroke(fill, LINE);
  else doc.rect(x, y, DAY_WIDTH, ROW_HEIGHT).strokeColor(LINE).lineWidth(0.5).stroke();
  const box = { width: DAY_WIDTH - 6, align: 'center' as const, lineBreak: false };
  if (cell.kind === 'shift') {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(`${cell.startTime}–${cell.endTime}`, x + 3, y + 4, box);
    const note = cell.leave ?? (cell.breakMinutes > 0 ? t('rosterWorker.pdfBreak', { minutes: cell.breakMinutes }) : '');
    if (note)
      doc
        .font('regular')
        .fontSize(7)
        .fillColor(MUTED)
        .text(note, x + 3, y + 19, { ...box, height: 10, ellipsis: true });
    return;
  }
  const text = cell.kind === 'rest' ? t('rosterWorker.restDay') : t('rosterWorker.notPublished');
  doc
    .font(cell.kind === 'rest' ? 'bold' : 'regular')
    .fontSize(cell.kind === 'rest' ? 10 : 7.5)
    .fillColor(cell.kind === 'rest' ? INK : MUTED)
    .text(text, x + 3, y + 5, box);
  if (cell.leave)
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(INK)
      .text(cell.leave, x + 3, y + 19, { ...box, height: 10, ellipsis: true });
}
