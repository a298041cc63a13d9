import type ExcelJS from 'exceljs';
import { wallClockReader } from '#domain/attendance/shift-times.ts';
import { formatTimeOnRecord, isNextDayOf, offsetChangeOf } from '#domain/format/record-time.ts';
import { receiptOf, receiptText } from '#domain/access/record-acknowledgement.ts';
import { recordNoteText } from '#domain/reports/record-notes.ts';
import { recordTotalLines, recordTotalsLabel } from '#domain/reports/record-totals.ts';
import { chainHeadLine } from '#domain/record-chain/chain-head-line.ts';
import { formatMonth } from '#domain/reports/report-format.ts';
import { OVERTIME_COMPENSATION_LABELS, OVERTIME_MARKED_BY_LABELS, WORK_MODE_LABELS } from '#domain/attendance/day-marks.ts';
import { formatSocialSecurityNumber, workingDayLabel } from '#domain/employees/working-day.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import type { MonthlyRecords } from './monthly-records.ts';
import { dateValue, durationValue, sheetName, streamWorkbook } from './xlsx-stream.ts';
import { WEEKDAY_SHORT_KEYS } from '#i18n/weekday-keys.ts';

/**
 * The monthly working-time records as an .xlsx, one sheet per employee (the layout of the
 * printable page): header with company, employee, national ID, position and month; every day
 * with its start and end (real spreadsheet times, the wall clock of the attendance's zone; an end
 * on the next day carries its date), every break, break time, time worked and overtime as exact
 * durations, and the notes; the month's totals; the legal note, the record chain's head and
 * signature lines.
 */
export function exportMonthlyRecords(records: MonthlyRecords, options: { lang: Language; timeFormat: '1' | '2' }): ReadableStream<Uint8Array> {
  const { lang, timeFormat } = options;
  const t = (key: string, p?: Record<string, unknown>) => translate(lang, key, p);
  const readers = new Map<string, (instant: string) => Date>();
  const wallClock = (instant: string, zone: string) => {
    let read = readers.get(zone);
    if (!read) readers.set(zone, (read = wallClockReader(zone)));
    return read(instant);
  };
  const timeFmt = timeFormat === '2' ? 'h:mm AM/PM' : 'hh:mm';
  const S = {
    title: { font: { bold: true, size: 14 } },
    label: { font: { bold: true } },
    header: { font: { bold: true }, fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } }, alignment: { wrapText: true, vertical: 'middle' } },
    date: { numFmt: 'dd/mm/yyyy' },
    text: {},
    time: { numFmt: timeFmt },
    nextDay: { numFmt: `dd/mm ${timeFmt}` },
    duration: { numFmt: '[h]:mm' },
    totalDuration: { numFmt: '[h]:mm', font: { bold: true } },
    note: { alignment: { wrapText: true, vertical: 'top' } },
  } satisfies Record<string, Partial<ExcelJS.Style>>;
  const monthLabel = formatMonth(records.month, lang);

  return streamWorkbook('monthly record', async (workbook, pace) => {
    const taken = new Set<string>();
    if (records.records.length === 0) {
      const sheet = workbook.addWorksheet(sheetName(t('reports.record.title'), taken));
      sheet.addRow([t('reports.record.title'), monthLabel]).commit();
      sheet.addRow([t('reports.record.nothing')]).commit();
      sheet.commit();
      return;
    }
    for (const entry of records.records) {
      const { employee, record, chainHead } = entry;
      const receipt = receiptOf(entry);
      const sheet = workbook.addWorksheet(sheetName(employee.name, taken), {
        pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
      });
      // The draft decree's columns (work mode, overtime compensation; decision 035) come after the
      // notes, so the earlier columns keep their places for anyone reading the file by position.
      sheet.columns = [12, 6, 12, 12, 30, 12, 12, 12, 44, 14, 16].map((width) => ({ width }));
      const put = async (values: ExcelJS.CellValue[], style?: (index: number) => Partial<ExcelJS.Style>) => {
        const row = sheet.addRow(values);
        if (style) row.eachCell({ includeEmpty: true }, (cell, n) => (cell.style = style(n - 1)));
        row.commit();
        return pace(sheet);
      };
      await put([`${t('reports.record.title')} · ${monthLabel}`], () => S.title);
      await put([t('reports.record.company'), employee.companyName], (i) => (i === 0 ? S.label : S.text));
      await put([t('reports.record.employee'), employee.name], (i) => (i === 0 ? S.label : S.text));
      await put([t('reports.record.taxId'), employee.companyTaxId ?? ''], (i) => (i === 0 ? S.label : S.text));
      await put([t('reports.record.nationalId'), employee.nationalId], (i) => (i === 0 ? S.label : S.text));
      await put([t('reports.record.ssn'), formatSocialSecurityNumber(employee.socialSecurityNumber)], (i) => (i === 0 ? S.label : S.text));
      const workingDay = workingDayLabel(employee);
      await put([t('reports.record.workingDay'), t(workingDay.key, workingDay.params)], (i) => (i === 0 ? S.label : S.text));
      await put([t('reports.record.position'), `${employee.jobTitleName} · ${employee.departmentName}`], (i) => (i === 0 ? S.label : S.text));
      await put([t('reports.filters.month'), monthLabel], (i) => (i === 0 ? S.label : S.text));
      // The employee's acknowledgement of receipt (decision 036) and a change after it (decision 077), when there is one.
      if (receipt) await put([t('acknowledgement.recordNote'), receiptText(receipt, records.timezone, lang, timeFormat, t)], (i) => (i === 0 ? S.label : S.text));
      await put([]);
      await put(
        [
          t('reports.record.date'),
          t('reports.record.weekday'),
          t('reports.record.start'),
          t('reports.record.end'),
          t('reports.record.breaks'),
          t('reports.record.breakTime'),
          t('reports.record.worked'),
          t('reports.record.overtime'),
          t('reports.record.notes'),
          t('reports.record.workMode'),
          // Not "Horas extra" again: the column says how that day's overtime is compensated.
          t('reports.record.overtimeCompensation'),
        ],
        () => S.header,
      );
      const offsetNote = (d: (typeof record.days)[number]) => {
        const change = offsetChangeOf(d);
        return change ? t('reports.record.offsetChange', change) : '';
      };
      for (const d of record.days) {
        const at = (instant: string | null) => (instant === null ? null : wallClock(instant, d.timezone));
        const nextDay = (instant: string | null) => instant !== null && isNextDayOf(instant, d);
        const breaks = d.breaks.map((b) => `${formatTimeOnRecord(b.startAt, d, lang, timeFormat)}–${b.endAt ? formatTimeOnRecord(b.endAt, d, lang, timeFormat) : '…'}`).join(', ');
        const go = await put(
          [
            dateValue(d.date),
            t(WEEKDAY_SHORT_KEYS[d.weekday]),
            at(d.timeIn),
            at(d.timeOut),
            breaks || null,
            d.breaks.length > 0 ? durationValue(d.breakSeconds) : null,
            d.workedSeconds === null ? null : durationValue(d.workedSeconds),
            d.overtimeSeconds > 0 ? durationValue(d.overtimeSeconds) : null,
            // A spreadsheet time has no zone: on a DST night the note says which offsets apply (issue 18.5).
            [offsetNote(d), recordNoteText(d, records.now, t)].filter(Boolean).join(' · ') || null,
            d.workMode ? t(WORK_MODE_LABELS[d.workMode]) : null,
            d.overtimeSeconds > 0 ? [t(OVERTIME_COMPENSATION_LABELS[d.overtimeCompensation ?? 'unmarked']), d.overtimeChosenBy === 'worker' ? t(OVERTIME_MARKED_BY_LABELS.worker) : ''].filter(Boolean).join(' · ') : null,
          ],
          (i) => (i === 0 ? S.date : i === 2 ? (nextDay(d.timeIn) ? S.nextDay : S.time) : i === 3 ? (nextDay(d.timeOut) ? S.nextDay : S.time) : i >= 5 && i <= 7 ? S.duration : i === 8 ? S.note : S.text),
        );
        if (!go) return;
      }
      const totals = record.totals;
      const totalsLabel = recordTotalsLabel(totals);
      await put([t(totalsLabel.key, totalsLabel.params), null, null, null, null, durationValue(totals.breakSeconds), durationValue(totals.workedSeconds), durationValue(totals.overtimeSeconds)], (i) =>
        i >= 5 ? S.totalDuration : S.label,
      );
      await put([t('reports.record.expectedHours'), null, null, null, null, null, durationValue(totals.expectedSeconds)], (i) => (i === 6 ? S.duration : S.label));
      // Overtime split by compensation (the three add up to the month's overtime; shown even at
      // zero, as the file always has), complementary hours apart (part time), days per work mode.
      const lines = recordTotalLines(totals, { splitAlways: true });
      for (const line of lines) {
        await put([t(line.key, line.params), null, null, null, null, null, null, durationValue(line.seconds)], (i) => (i === 7 ? S.duration : S.label));
      }
      await put([t('reports.record.workModeDays', { onSite: totals.onSiteDays, remote: totals.remoteDays })], () => S.label);
      await put([]);
      await put([t('reports.record.legalNote')]);
      // The tamper-evident chain's head when the file was made (decision 033).
      await put([chainHeadLine(chainHead, records.timezone, lang, t)]);
      await put([]);
      await put([t('reports.record.signCompany'), null, null, null, t('reports.record.signEmployee')], () => S.label);
      sheet.commit();
    }
  });
}

/** `registro-jornada-2026-11.xlsx` / `working-time-record-2026-11.xlsx` (with the employee's name for one). */
export function recordFileName(records: MonthlyRecords, lang: Language): string {
  const one = records.records.length === 1 ? `-${records.records[0]!.employee.name.toLowerCase().replace(/\s+/g, '-')}` : '';
  return `${translate(lang, 'reports.files.record')}-${records.month}${one}.xlsx`;
}
