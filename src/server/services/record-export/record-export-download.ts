import { recordExportCsv } from '#domain/record-export/record-export-csv.ts';
import type { RecordExport } from '#domain/record-export/record-export.ts';
import { downloadMonth } from '#domain/reports/record-pdf-access.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import type { EmployeeFilter } from '../../db/repositories/report-data.ts';
import { AppError } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import { attachment } from '../reports/xlsx-stream.ts';
import { buildRecordExport } from './build-record-export.ts';

export type RecordExportFormat = 'json' | 'csv';

/** `format=json|csv` (absent: json); anything else is a 422 naming the field. */
export function recordExportFormat(asked: string | null): RecordExportFormat {
  if (asked === null || asked === '' || asked === 'json') return 'json';
  if (asked === 'csv') return 'csv';
  throw new AppError('recordExport.badFormat', 422, {}, { format: 'recordExport.badFormat' });
}

/** The asked month: absent is the current month; malformed is a 422, never another month. */
export async function recordExportMonth(db: Db, asked: string | null): Promise<string> {
  const month = downloadMonth(asked, localDateOf(nowMs(), (await getSettings(db)).timezone).slice(0, 7));
  if ('error' in month) throw new AppError(month.error, 422, {}, { month: month.error });
  return month.month;
}

/** The export as a file: JSON (what the verifier checks) or its CSV twin; the seal in `x-record-seal`. */
export function recordExportFile(doc: RecordExport, format: RecordExportFormat, lang: Language): Response {
  const name = `${translate(lang, 'recordExport.fileName', { month: doc.scope.month })}.${format}`;
  const body = format === 'json' ? JSON.stringify(doc, null, 1) : recordExportCsv(doc);
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'content-disposition': attachment(name),
      'cache-control': 'no-store',
      'x-record-seal': doc.seal.value,
    },
  });
}

/** The admin's download (GET /api/reports/monthly-record/open-export): whom the filter names, the asked month and format. */
export async function recordExportDownload(db: Db, filter: EmployeeFilter, params: URLSearchParams, lang: Language): Promise<Response> {
  const format = recordExportFormat(params.get('format'));
  const month = await recordExportMonth(db, params.get('month'));
  return recordExportFile(await buildRecordExport(db, filter, month), format, lang);
}
