import type ExcelJSModule from 'exceljs';

let loading: Promise<typeof ExcelJSModule> | undefined;

/**
 * exceljs (about 35 MB of resident memory once loaded) loaded by the first Excel download rather
 * than by every page that shares a module with the exports (the reports page did): the idle
 * server must stay under architecture.md's 150 MB (decision 017).
 */
export function loadExcelJs(): Promise<typeof ExcelJSModule> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}
