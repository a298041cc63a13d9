import { spreadsheetCsv, type CsvCell } from '../format/spreadsheet-cell.ts';
import { canonicalJson } from '../record-chain/record-chain.ts';
import { RECORD_EXPORT_SECTION_NAMES, RECORD_EXPORT_SECTIONS, type ExportValue, type RecordExport } from './record-export.ts';

/**
 * The CSV twin of the open export (decision 084): ONE multi-section CSV, comma-separated, UTF-8.
 * Every row's first cell names its section; a section starts with its header row, whose first
 * cell is `#` and the section's name (`#punches,id,employeeId,…,itemHash`). Blocks in order:
 * `export` (format, version, when, scope), then each section of RECORD_EXPORT_SECTIONS with the
 * same columns as the JSON plus `itemHash`, then `seal` (the heads and the seal value). A list
 * (a revision's breaks) is written as its canonical JSON; true/false as such; null as empty. Text
 * cells go through `spreadsheetText` (formula-injection defence): the JSON is the form the
 * verifier checks, the CSV the same items for a spreadsheet, with the same hashes.
 */
export function recordExportCsv(doc: RecordExport): string {
  const cell = (v: ExportValue | undefined): CsvCell => (v === null || v === undefined ? null : typeof v === 'boolean' ? String(v) : typeof v === 'object' ? canonicalJson(v) : v);
  const block = (name: string, columns: readonly string[], rows: readonly (readonly CsvCell[])[]) =>
    spreadsheetCsv(
      [`#${name}`, ...columns],
      rows.map((r) => [name, ...r]),
      { delimiter: ',' },
    );
  const { scope } = doc;
  const blocks = [
    block(
      'export',
      ['format', 'version', 'exportedAt', 'timezone', 'month', 'from', 'to', 'employeeId', 'departmentId'],
      [[doc.format, doc.version, doc.exportedAt, doc.timezone, scope.month, scope.from, scope.to, scope.employeeId, scope.departmentId]],
    ),
    ...RECORD_EXPORT_SECTION_NAMES.map((name) => {
      const columns = RECORD_EXPORT_SECTIONS[name];
      return block(
        name,
        [...columns, 'itemHash'],
        doc.sections[name].map((item) => [...columns.map((c) => cell(item[c])), item.itemHash]),
      );
    }),
    block('seal', ['algorithm', 'value', 'heads'], [[doc.seal.algorithm, doc.seal.value, canonicalJson(doc.seal.heads)]]),
  ];
  return `${blocks.join('\r\n')}\r\n`;
}
