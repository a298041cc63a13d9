import { recordTotalLines, recordTotalsLabel } from '#domain/reports/record-totals.ts';
import { chainHeadLine } from '#domain/record-chain/chain-head-line.ts';
import { receiptOf, receiptText } from '#domain/access/record-acknowledgement.ts';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { overtimeMarkLabel, WORK_MODE_LABELS } from '#domain/attendance/day-marks.ts';
import { formatSocialSecurityNumber, workingDayLabel } from '#domain/employees/working-day.ts';
import { formatDuration, formatLocalDate } from '#domain/format/intl-format.ts';
import { formatTimeOnRecord } from '#domain/format/record-time.ts';
import type { MonthlyRecordDay } from '#domain/reports/monthly-record.ts';
import { recordNoteText } from '#domain/reports/record-notes.ts';
import { formatMonth } from '#domain/reports/report-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { readPackageFile } from '../../package-file.ts';
import type { EmployeeMonthlyRecord, MonthlyRecords } from './monthly-records.ts';
import { WEEKDAY_SHORT_KEYS } from '#i18n/weekday-keys.ts';

export interface RecordPdfOptions {
  lang: Language;
  timeFormat: '1' | '2';
}

/**
 * Noto Sans (OFL, shipped inside the `@expo-google-fonts/noto-sans` npm package, nothing
 * downloaded) rather than the PDF standard Helvetica: Helvetica's WinAnsi encoding has á, ñ and €
 * but not ł, ș, Cyrillic names, the arrow of a clock-change note or the narrow space of an English
 * "9:00 AM". pdfkit embeds only the glyphs used (a subset). The files are read once, as bytes,
 * through readPackageFile: from node_modules, or from the single binary's assets (these two paths
 * are in scripts/binary/assets.mjs, PACKAGE_FILES).
 */
export const RECORD_PDF_FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const recordFonts = () => (fonts ??= { regular: readPackageFile(RECORD_PDF_FONT_FILES.regular), bold: readPackageFile(RECORD_PDF_FONT_FILES.bold) });

// A4 portrait in points, as the printed HTML record; the 9 columns fill the 523 pt between margins.
const MARGIN = { top: 36, bottom: 48, left: 36, right: 36 };
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const COLUMNS = [62, 40, 40, 62, 46, 48, 62, 44, 119] as const;
const NUMERIC = new Set([4, 5, 6]);
const SIZE = { title: 13, header: 8.5, cell: 7, note: 6.5, footer: 6.5 };
const PAD = 2;
const INK = '#111827';
const MUTED = '#6b7280';
const LINE = '#9ca3af';
const HEAD_FILL = '#f3f4f6';
const FILL = { absent: '#fff1f2', leave: '#f0f9ff' } as const;

/**
 * The monthly working-time record as a PDF (issue 18.10): per employee, a header (company and tax
 * ID, employee, national ID, social security number, working-day type, position, month), every
 * day with start and end, breaks, break time, worked time, overtime (with how it is compensated),
 * work mode and the notes — the same texts as the HTML view — then the month's totals with the
 * overtime split, the signature lines and the legal note. Each employee starts on a new page; the
 * footer numbers the employee's own pages ("Page 1 of 2"), so a record taken out of a
 * department's file is still complete and in order.
 *
 * Streamed: pages are kept only until an employee's record is done (to number them), then
 * flushed to the response, and the writer yields to the event loop between employees.
 */
export function monthlyRecordPdf(records: MonthlyRecords, options: RecordPdfOptions): ReadableStream<Uint8Array> {
  const t = (key: string, params?: Record<string, unknown>) => translate(options.lang, key, params);
  const { regular, bold } = recordFonts();
  const doc = new PDFDocument({
    // No default font: pdfkit would load its Helvetica metrics (a module beside its own code, not
    // in the single binary) that this document never uses; every text sets 'regular' or 'bold'.
    font: null as unknown as string,
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `${t('reports.record.title')} · ${formatMonth(records.month, options.lang)}`,
      Producer: 'Jornada',
      Creator: 'Jornada',
      // The time the record was read (server clock, src/server/clock/now.ts), not pdfkit's own Date.
      CreationDate: new Date(records.now),
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const out = Readable.toWeb(doc) as ReadableStream<Uint8Array>;
  void (async () => {
    try {
      if (records.records.length === 0) {
        doc.addPage();
        doc
          .font('bold')
          .fontSize(SIZE.title)
          .fillColor(INK)
          .text(`${t('reports.record.title')} · ${formatMonth(records.month, options.lang)}`);
        doc.moveDown().font('regular').fontSize(SIZE.header).text(t('reports.record.nothing'));
      }
      for (const entry of records.records) {
        const first = doc.bufferedPageRange().start + doc.bufferedPageRange().count;
        writeEmployee(doc, entry, records, options, t);
        numberPages(doc, first, entry, records, options, t);
        doc.flushPages();
        // Let the response take what is written before the next employee.
        await new Promise((resolve) => setImmediate(resolve));
      }
      doc.end();
    } catch (error) {
      doc.destroy(error as Error);
    }
  })();
  return out;
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

function writeEmployee(doc: PDFKit.PDFDocument, entry: EmployeeMonthlyRecord, records: MonthlyRecords, options: RecordPdfOptions, t: Translate): void {
  const { employee, record } = entry;
  const { lang, timeFormat } = options;
  const hours = (s: number | null) => (s === null ? '' : formatDuration(s, lang));
  const time = (instant: string | null, day: MonthlyRecordDay) => (instant ? formatTimeOnRecord(instant, day, lang, timeFormat, ` (${t('reports.record.nextDayShort')})`) : '');
  const bottom = PAGE_HEIGHT - MARGIN.bottom;
  const width = PAGE_WIDTH - MARGIN.left - MARGIN.right;
  const given = (value: string | null | undefined) => value || t('reports.record.notGiven');
  const workingDay = workingDayLabel(employee);
  const receipt = receiptOf(entry);

  doc.addPage();
  doc
    .font('bold')
    .fontSize(SIZE.title)
    .fillColor(INK)
    .text(`${t('reports.record.title')} · ${formatMonth(records.month, lang)}`, MARGIN.left, MARGIN.top, { width });
  let y = doc.y + 6;
  const facts: [string, string][] = [
    [t('reports.record.company'), employee.companyName],
    [t('reports.record.taxId'), given(employee.companyTaxId)],
    [t('reports.record.employee'), employee.name],
    [t('reports.record.nationalId'), given(employee.nationalId)],
    [t('reports.record.ssn'), given(formatSocialSecurityNumber(employee.socialSecurityNumber))],
    [t('reports.record.workingDay'), t(workingDay.key, workingDay.params)],
    [t('reports.record.position'), `${employee.jobTitleName} · ${employee.departmentName}`],
    [t('reports.filters.month'), formatMonth(records.month, lang)],
    // The employee's acknowledgement of receipt (decision 036) and a change after it (decision 077), when there is one.
    ...(receipt ? [[t('acknowledgement.recordNote'), receiptText(receipt, records.timezone, lang, options.timeFormat, t)] as [string, string]] : []),
  ];
  const half = width / 2;
  for (let i = 0; i < facts.length; i += 2) {
    let rowHeight = 0;
    for (const [j, fact] of facts.slice(i, i + 2).entries()) {
      const x = MARGIN.left + j * half;
      doc
        .font('regular')
        .fontSize(SIZE.header)
        .fillColor(MUTED)
        .text(`${fact[0]}: `, x, y, { continued: true, width: half - 8 });
      doc.font('bold').fillColor(INK).text(fact[1]);
      rowHeight = Math.max(rowHeight, doc.y - y);
    }
    y += rowHeight + 2;
  }
  y += 6;

  // The table: one header row (repeated on each new page), one row per day.
  const headers = [
    t('reports.record.date'),
    t('reports.record.start'),
    t('reports.record.end'),
    t('reports.record.breaks'),
    t('reports.record.breakTime'),
    t('reports.record.worked'),
    t('reports.record.overtime'),
    t('reports.record.workMode'),
    t('reports.record.notes'),
  ];
  // Most cells fit on one line and repeat ("8 h 00 min", "On site"): their width is measured once,
  // and only a text wider than its cell is laid out to know its height.
  const widths = new Map<string, number>();
  const textWidth = (text: string, font: 'regular' | 'bold', size: number) => {
    const key = `${font}${size}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) widths.set(key, (width = doc.widthOfString(text)));
    return width;
  };
  const textHeight = (text: string, font: 'regular' | 'bold', size: number, w: number) => (textWidth(text, font, size) <= w ? doc.currentLineHeight(true) : doc.heightOfString(text, { width: w }));
  const rowHeight = (texts: readonly string[], font: 'regular' | 'bold', size: number, cellWidths: readonly number[]) => {
    doc.font(font).fontSize(size);
    let h = doc.currentLineHeight(true);
    texts.forEach((text, i) => {
      if (text) h = Math.max(h, textHeight(text, font, size, cellWidths[i]! - 2 * PAD));
    });
    return h + 2 * PAD;
  };
  const cellHeight = (texts: readonly string[], font: 'regular' | 'bold', size: number) => rowHeight(texts, font, size, COLUMNS);
  /** `spans`: columns each cell covers (default one each); `numeric`: cells aligned right (default the duration columns). */
  const drawRow = (texts: readonly string[], opts: { font: 'regular' | 'bold'; size: number; fill?: string; color?: string; spans?: readonly number[]; numeric?: ReadonlySet<number> }) => {
    const spans = opts.spans ?? COLUMNS.map(() => 1);
    const cellWidths: number[] = [];
    for (let i = 0, c = 0; i < spans.length; c += spans[i]!, i++) cellWidths.push(COLUMNS.slice(c, c + spans[i]!).reduce((a, b) => a + b, 0));
    const h = rowHeight(texts, opts.font, opts.size, cellWidths);
    let x = MARGIN.left;
    cellWidths.forEach((w, i) => {
      if (opts.fill) doc.rect(x, y, w, h).fill(opts.fill);
      doc.lineWidth(0.4).strokeColor(LINE).rect(x, y, w, h).stroke();
      const text = texts[i] ?? '';
      if (text) {
        doc.fillColor(opts.color ?? INK);
        const right = (opts.numeric ?? (opts.spans ? new Set<number>() : NUMERIC)).has(i);
        const wide = textWidth(text, opts.font, opts.size);
        // One line: placed directly, without pdfkit's line wrapper (most cells; the wrapper is the slow part).
        if (wide <= w - 2 * PAD) doc.text(text, right ? x + w - PAD - wide : x + PAD, y + PAD, { lineBreak: false });
        else doc.text(text, x + PAD, y + PAD, { width: w - 2 * PAD, align: right ? 'right' : 'left' });
      }
      x += w;
    });
    y += h;
  };
  const header = () => drawRow(headers, { font: 'bold', size: SIZE.cell, fill: HEAD_FILL });
  const room = (h: number) => {
    if (y + h <= bottom) return;
    doc.addPage();
    y = MARGIN.top;
    header();
  };
  room(cellHeight(headers, 'bold', SIZE.cell) * 3);
  header();

  for (const d of record.days) {
    const texts = [
      `${t(WEEKDAY_SHORT_KEYS[d.weekday])} ${formatLocalDate(d.date, lang)}`,
      time(d.timeIn, d),
      time(d.timeOut, d),
      d.breaks.map((b) => `${time(b.startAt, d)}–${b.endAt ? time(b.endAt, d) : '…'}`).join(', '),
      d.breaks.length > 0 ? hours(d.breakSeconds) : '',
      hours(d.workedSeconds),
      d.overtimeSeconds > 0 ? `${hours(d.overtimeSeconds)}${d.overtimeCompensation ? ` (${t(overtimeMarkLabel({ overtimeCompensation: d.overtimeCompensation, overtimeChosenBy: d.overtimeChosenBy }))})` : ''}` : '',
      d.workMode ? t(WORK_MODE_LABELS[d.workMode]) : '',
      recordNoteText(d, records.now, t),
    ];
    room(cellHeight(texts, 'regular', SIZE.cell));
    const muted = d.kind === 'rest' || d.kind === 'holiday' || d.kind === 'unscheduled' || d.kind === 'before-start';
    drawRow(texts, { font: 'regular', size: SIZE.cell, fill: d.kind === 'absent' ? FILL.absent : d.kind === 'leave' ? FILL.leave : undefined, color: muted ? MUTED : INK });
  }

  // Totals: the month's row under the columns it sums, then the overtime split and the schedule.
  const totals = record.totals;
  const totalRow = [
    t(recordTotalsLabel(totals).key, recordTotalsLabel(totals).params),
    hours(totals.breakSeconds),
    hours(totals.workedSeconds),
    hours(totals.overtimeSeconds),
    t('reports.record.workModeDays', { onSite: totals.onSiteDays, remote: totals.remoteDays }),
  ];
  const spans = [4, 1, 1, 1, 2];
  // The overtime split always shows (as it always has); complementary hours when there are.
  const summary: [string, string][] = [
    ...recordTotalLines(totals, { splitAlways: true }).map((l): [string, string] => [t(l.key, l.params), hours(l.seconds)]),
    [t('reports.record.expectedHours'), hours(totals.expectedSeconds)],
  ];
  room(cellHeight(totalRow, 'bold', SIZE.cell) * (1 + summary.length) + 8);
  drawRow(totalRow, { font: 'bold', size: SIZE.cell, fill: HEAD_FILL, spans, numeric: new Set([1, 2, 3]) });
  for (const [label, value] of summary) drawRow([label, value], { font: 'regular', size: SIZE.cell, spans: [6, 3] });

  // Signature lines and the legal note stay together, on a new page if they must.
  doc.font('regular').fontSize(SIZE.note);
  const legal = t('reports.record.legalNote');
  const legalHeight = doc.heightOfString(legal, { width });
  if (y + 60 + legalHeight > bottom) {
    doc.addPage();
    y = MARGIN.top;
  }
  y += 40;
  const lineWidth = (width - 40) / 2;
  for (const [i, label] of [t('reports.record.signCompany'), t('reports.record.signEmployee')].entries()) {
    const x = MARGIN.left + i * (lineWidth + 40);
    doc
      .lineWidth(0.6)
      .strokeColor(INK)
      .moveTo(x, y)
      .lineTo(x + lineWidth, y)
      .stroke();
    doc
      .font('regular')
      .fontSize(SIZE.header)
      .fillColor(INK)
      .text(label, x, y + 3, { width: lineWidth });
  }
  y += 20;
  doc.font('regular').fontSize(SIZE.note).fillColor(MUTED).text(legal, MARGIN.left, y, { width });
}

/** Footer of each of the employee's pages: who and which month, "Page n of m", the record chain's head. */
function numberPages(doc: PDFKit.PDFDocument, first: number, entry: EmployeeMonthlyRecord, records: MonthlyRecords, options: RecordPdfOptions, t: Translate): void {
  const range = doc.bufferedPageRange();
  const last = range.start + range.count - 1;
  const pages = last - first + 1;
  const width = PAGE_WIDTH - MARGIN.left - MARGIN.right;
  for (let i = first; i <= last; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin: without this pdfkit would start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE_HEIGHT - MARGIN.bottom + 14;
    doc.font('regular').fontSize(SIZE.footer).fillColor(MUTED);
    doc.text(`${entry.employee.name} · ${formatMonth(records.month, options.lang)}`, MARGIN.left, y, { width: width * 0.7, lineBreak: false });
    doc.text(t('reports.record.page', { page: i - first + 1, pages }), MARGIN.left, y, { width, align: 'right', lineBreak: false });
    // The chain head the record was read with (decision 033), so a printout names the chain state it shows.
    doc.text(chainHeadLine(entry.chainHead, records.timezone, options.lang, t), MARGIN.left, y + 9, { width, lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

/** `registro-jornada-2026-11.pdf` / `working-time-record-2026-11-ana-arroyo.pdf` (the name with one employee). */
export function recordPdfFileName(records: MonthlyRecords, lang: Language): string {
  const one = records.records.length === 1 ? `-${records.records[0]!.employee.name.toLowerCase().replace(/\s+/g, '-')}` : '';
  return `${translate(lang, 'reports.files.recordPdf')}-${records.month}${one}.pdf`;
}
