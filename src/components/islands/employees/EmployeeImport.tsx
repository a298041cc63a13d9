import { useId, useState } from 'react';
import { CheckCircle2, Download, FileSpreadsheet, Upload } from 'lucide-react';
import type { ParsedEmployeeCsv } from '#domain/employees/csv-import.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { setFlash } from '#lib/client/flash.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';
import { apiFailure } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  /** The role allows `employee.create` (the server checks again). */
  canCreate: boolean;
}

const PREVIEW_ROWS = 10;
const REPORT_ROWS = 200;
/** The server takes 20 MB of JSON; quotes escaped in JSON need a little room. */
const MAX_FILE_BYTES = 19 * 1024 * 1024;

interface RowReport {
  line: number;
  field: string;
  column: string;
  message: string;
}
interface Created {
  companies: string[];
  departments: string[];
  jobTitles: string[];
  leaveGroups: string[];
}
type Result = { kind: 'checked' | 'imported'; message: string; created?: Created } | { kind: 'rejected'; message: string; rows: RowReport[]; problemCount: number } | { kind: 'error'; message: string };

/** UTF-8 (with or without BOM); files that are not valid UTF-8 are read as Windows-1252, as older Excel saves them. */
async function readCsvFile(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * "Import CSV": a dialog to choose a file, preview it (parsed in the browser with the same code
 * the server uses), check it without writing, and import it. The server's report of refused rows
 * (line, column, reason) is shown as a table; after an import the page reloads to list the new
 * employees and toasts the server's message (a flash message).
 */
export default function EmployeeImport({ lang, canCreate }: Props) {
  const t = translator(lang);
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; text: string; parsed: ParsedEmployeeCsv } | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [busy, setBusy] = useState<'read' | 'check' | 'import' | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  if (!canCreate) return null;

  function close() {
    if (busy === 'import') return;
    setOpen(false);
    setFile(null);
    setResult(null);
    setCreateMissing(false);
  }

  async function choose(chosen: File | undefined) {
    setResult(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setResult({ kind: 'error', message: t('employeeImport.fileTooLarge') });
      return;
    }
    setBusy('read');
    try {
      const [text, { parseEmployeeCsv }] = await Promise.all([readCsvFile(chosen), import('#domain/employees/csv-import.ts')]);
      setFile({ name: chosen.name, text, parsed: parseEmployeeCsv(text) });
    } catch {
      setResult({ kind: 'error', message: t('employeeImport.readError') });
    } finally {
      setBusy(null);
    }
  }

  async function send(dryRun: boolean) {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'import');
    setResult(null);
    try {
      const answer = await api('POST /api/employees/import', { body: { csv: file.text, createMissing, dryRun }, lang });
      const created = answer.createdRecords;
      setResult({ kind: dryRun ? 'checked' : 'imported', message: answer.message, ...(created ? { created } : {}) });
      if (!dryRun) {
        // The list is another island: reload so it shows the new employees; the page's toaster
        // shows the message after the reload.
        setFlash(answer.message);
        window.location.reload();
      }
    } catch (e) {
      const failure = apiFailure(e, t('errors.somethingWentWrong'));
      if (Array.isArray(failure.body['rows'])) {
        const rows = failure.body['rows'] as RowReport[];
        // The server lists the first 1,000 problems and counts them all.
        const problemCount = typeof failure.body['problemCount'] === 'number' ? failure.body['problemCount'] : rows.length;
        setResult({ kind: 'rejected', message: failure.message, rows, problemCount });
      } else setResult({ kind: 'error', message: failure.message });
    } finally {
      setBusy(null);
    }
  }

  const parsed = file?.parsed;
  const shown = parsed ? parsed.headers.map((h, i) => ({ header: h, field: parsed.columns[i] })).filter((c) => c.field) : [];
  const refusedForReferences = result?.kind === 'rejected' && !createMissing && result.rows.some((r) => ['company', 'department', 'jobTitle', 'leaveGroup'].includes(r.field));

  const createdList = (created: Created | undefined) => {
    if (!created) return null;
    const parts = (
      [
        ['pages.company', created.companies],
        ['pages.department', created.departments],
        ['pages.jobtitle', created.jobTitles],
        ['pages.leavegroup', created.leaveGroups],
      ] as const
    ).filter(([, names]) => names.length > 0);
    if (parts.length === 0) return null;
    return (
      <ul className="mt-2 list-disc ps-5 text-sm">
        {parts.map(([label, names]) => (
          <li key={label}>
            {t(label)}: {names.join(', ')}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)} data-testid="import-csv">
        <Upload size={18} aria-hidden="true" />
        {t('employeeImport.button')}
      </button>
      <Dialog open={open} title={t('employeeImport.title')} onClose={close} closeLabel={t('common.close')}>
        <div className="space-y-5">
          <p className="text-sm text-muted">{t('employeeImport.intro')}</p>
          <a href={`/api/employees/import-template?lang=${lang}`} download className={secondaryButton} data-testid="import-template">
            <Download size={18} aria-hidden="true" />
            {t('employeeImport.downloadTemplate')}
          </a>

          <div>
            <label htmlFor={`${ids}-file`} className="mb-1 block text-sm font-medium">
              {t('employeeImport.chooseFile')}
            </label>
            <input
              id={`${ids}-file`}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => void choose(e.target.files?.[0])}
              disabled={busy !== null}
              className="block w-full text-sm file:me-3 file:rounded-lg file:border file:border-field file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium hover:file:border-primary"
              data-testid="import-file"
            />
          </div>

          {parsed && (
            <section aria-labelledby={`${ids}-preview`} data-testid="import-preview">
              <h3 id={`${ids}-preview`} className="mb-1 flex items-center gap-2 font-semibold">
                <FileSpreadsheet size={18} aria-hidden="true" />
                {file.name}
              </h3>
              <p className="mb-2 text-sm" data-testid="import-row-count">
                {t('employeeImport.rowCount', { count: parsed.rows.length })}
              </p>
              {parsed.missingColumns.length > 0 && (
                <p className="mb-2 text-sm text-red-700 dark:text-red-300" role="alert">
                  {t('employeeImport.missingColumns', { columns: parsed.missingColumns.join(', ') })}
                </p>
              )}
              {parsed.unknownColumns.length > 0 && <p className="mb-2 text-sm text-muted">{t('employeeImport.ignoredColumns', { columns: parsed.unknownColumns.join(', ') })}</p>}
              {parsed.rows.length > 0 && shown.length > 0 && (
                <div className="overflow-x-auto rounded-lg border border-line">
                  <table className="min-w-full text-left text-xs">
                    <caption className="sr-only">{t('employeeImport.previewCaption', { count: Math.min(PREVIEW_ROWS, parsed.rows.length), total: parsed.rows.length })}</caption>
                    <thead className="bg-primary-subtle">
                      <tr>
                        <th scope="col" className="px-2 py-1.5 font-semibold">
                          {t('employeeImport.line')}
                        </th>
                        {shown.map((c) => (
                          <th key={c.field} scope="col" className="whitespace-nowrap px-2 py-1.5 font-semibold">
                            {c.header}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {parsed.rows.slice(0, PREVIEW_ROWS).map((row) => (
                        <tr key={row.line} className="border-t border-line">
                          <td className="px-2 py-1 tabular-nums text-muted">{row.line}</td>
                          {shown.map((c) => (
                            <td key={c.field} className="max-w-48 truncate whitespace-nowrap px-2 py-1">
                              {c.field === 'pin' && row.values.pin ? '••••••' : row.values[c.field!]}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {parsed.rows.length > PREVIEW_ROWS && <p className="mt-1 text-xs text-muted">{t('employeeImport.previewCaption', { count: PREVIEW_ROWS, total: parsed.rows.length })}</p>}
            </section>
          )}

          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 h-4 w-4" checked={createMissing} onChange={(e) => setCreateMissing(e.target.checked)} data-testid="import-create-missing" />
            <span>{t('employeeImport.createMissing')}</span>
          </label>

          {result && (
            <div aria-live="polite" data-testid="import-result">
              {result.kind === 'error' && (
                <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" role="alert">
                  {result.message}
                </p>
              )}
              {(result.kind === 'checked' || result.kind === 'imported') && (
                <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
                  <p className="flex items-center gap-2 font-medium">
                    <CheckCircle2 size={18} aria-hidden="true" />
                    {result.message}
                  </p>
                  {createdList(result.created) && (
                    <>
                      <p className="mt-2">{t(result.kind === 'checked' ? 'employeeImport.willCreate' : 'employeeImport.alsoCreated')}</p>
                      {createdList(result.created)}
                    </>
                  )}
                </div>
              )}
              {result.kind === 'rejected' && (
                <div className="space-y-2" data-testid="import-report">
                  <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" role="alert">
                    {result.message}
                  </p>
                  {refusedForReferences && <p className="text-sm text-muted">{t('employeeImport.createHint')}</p>}
                  <div className="max-h-72 overflow-auto rounded-lg border border-line">
                    <table className="min-w-full text-left text-sm">
                      <thead className="sticky top-0 bg-primary-subtle">
                        <tr>
                          <th scope="col" className="px-2 py-1.5 font-semibold">
                            {t('employeeImport.line')}
                          </th>
                          <th scope="col" className="px-2 py-1.5 font-semibold">
                            {t('employeeImport.column')}
                          </th>
                          <th scope="col" className="px-2 py-1.5 font-semibold">
                            {t('employeeImport.reason')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {result.rows.slice(0, REPORT_ROWS).map((r, i) => (
                          <tr key={`${r.line}-${r.field}-${i}`} className="border-t border-line align-top">
                            <td className="px-2 py-1 tabular-nums">{r.line}</td>
                            <td className="px-2 py-1">{r.column || t('employeeImport.wholeRow')}</td>
                            <td className="px-2 py-1">{r.message}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {result.problemCount > Math.min(REPORT_ROWS, result.rows.length) && (
                    <p className="text-xs text-muted">{t('employeeImport.moreProblems', { count: result.problemCount - Math.min(REPORT_ROWS, result.rows.length) })}</p>
                  )}
                </div>
              )}
            </div>
          )}

          <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
            <button type="button" className={secondaryButton} onClick={close} disabled={busy === 'import'}>
              {t('form.cancel')}
            </button>
            <button type="button" className={secondaryButton} onClick={() => void send(true)} disabled={!parsed || parsed.rows.length === 0 || busy !== null} data-testid="import-check">
              {busy === 'check' ? t('common.loading') : t('employeeImport.check')}
            </button>
            <button type="button" className={primaryButton} onClick={() => void send(false)} disabled={!parsed || parsed.rows.length === 0 || busy !== null || result?.kind === 'imported'} data-testid="import-submit">
              {busy === 'import' ? t('common.loading') : t('employeeImport.import')}
            </button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
