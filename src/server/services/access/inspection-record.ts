import { isMonth } from '#domain/reports/periods.ts';
import { positiveId } from '#domain/reports/report-query.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { companyRecordChoices, type EmployeeFilter } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { monthlyRecords } from '../reports/monthly-records.ts';
import { recordDownload, recordPdfFor } from '../reports/report-downloads.ts';
import { buildRecordExport } from '../record-export/build-record-export.ts';
import { recordExportFile } from '../record-export/record-export-download.ts';
import { logInspectionLinkUse, openInspectionLink, type OpenInspectionLink } from './open-inspection-link.ts';

/** What an inspector asks for: a month and, optionally, one department or one employee. */
export interface InspectionQuery {
  month: string;
  employee: number | undefined;
  department: number | undefined;
}

/** The query of an inspection page or download; bad values fall back (a link URL never fails). */
export async function inspectionQuery(db: Db, params: URLSearchParams): Promise<InspectionQuery> {
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : localDateOf(nowMs(), (await getSettings(db)).timezone).slice(0, 7);
  return { month, employee: positiveId(params.get('employee')), department: positiveId(params.get('department')) };
}

function describe(query: InspectionQuery, format: string): string {
  return `record ${query.month}${query.employee ? ` employee=${query.employee}` : ''}${query.department ? ` department=${query.department}` : ''} ${format}`;
}

/** The link's records only: its company's employees (every company for an instance-wide link). */
function filterOf(link: OpenInspectionLink, query: InspectionQuery): EmployeeFilter {
  return { company: link.companyId ?? undefined, employee: query.employee, department: query.department };
}

/**
 * The inspector's page (decision 036): the link is checked and this view logged, then the monthly
 * records asked for and the filter choices of the link's company.
 */
export async function inspectionRecordView(db: Db, token: string, params: URLSearchParams, address: string) {
  const query = await inspectionQuery(db, params);
  const link = await openInspectionLink(db, token, { address, viewed: describe(query, 'html') });
  const records = await monthlyRecords(db, filterOf(link, query), query.month);
  return { link, query, records, choices: await companyRecordChoices(db, link.companyId) };
}

/**
 * The inspector's download of the same records: `xlsx`, or `pdf` (the admin's files, decision 035),
 * or the open export as `json` or `csv` (decision 084), whose use is logged with its seal.
 */
export async function inspectionRecordDownload(db: Db, token: string, params: URLSearchParams, address: string, format: 'xlsx' | 'pdf' | 'json' | 'csv', lang: Language): Promise<Response> {
  const query = await inspectionQuery(db, params);
  if (format === 'json' || format === 'csv') {
    const link = await openInspectionLink(db, token, { address, viewed: describe(query, format) }, { logLater: true });
    const doc = await buildRecordExport(db, filterOf(link, query), query.month);
    await logInspectionLinkUse(db, link, { address, viewed: `${describe(query, format)} seal=${doc.seal.value}` });
    return recordExportFile(doc, format, lang);
  }
  const link = await openInspectionLink(db, token, { address, viewed: describe(query, format) });
  const filter = filterOf(link, query);
  return format === 'pdf' ? recordPdfFor(db, filter, query.month, lang) : recordDownload(db, filter, query.month, lang);
}
