import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { AppError } from '#server/http/app-error.ts';
import { MAX_IMPORT_BYTES } from '#server/http/body-limits.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { json } from '#server/http/json.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { EmployeeImportRejected, importEmployees, importRejectionBody } from '#server/services/employees/import-employees.ts';

/**
 * `POST /api/employees/import` `{csv, createMissing?, dryRun?}` (authority `employee.create`).
 * 201 `{message, created}`; a dry run also 201 (its contract's one status) `{message, valid}`; both also say which organisation
 * records are (to be) created. 422 `{message, code, problemCount, rows: [{line, field, column,
 * message}]}` when any row is refused — then nothing is written; `rows` lists the first 1,000
 * problems, `problemCount` says how many there are.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const lang = context.locals.lang;
  const body = await readJsonBody(context.request, MAX_IMPORT_BYTES);
  try {
    const outcome = await importEmployees(await getDb(), body, user, lang);
    const extra = { createdRecords: outcome.created, ignoredColumns: outcome.ignoredColumns };
    if (outcome.dryRun) {
      return answer('POST /api/employees/import', { message: translate(lang, 'employeeImport.checked', { count: outcome.count }), valid: outcome.count, ...extra });
    }
    return answer('POST /api/employees/import', { message: translate(lang, 'employeeImport.imported', { count: outcome.count }), created: outcome.count, ...extra });
  } catch (error) {
    if (!(error instanceof EmployeeImportRejected)) throw error;
    return json(await importRejectionBody(error, lang), 422);
  }
});

/** Other methods: 405 JSON (without this, `/api/employees/{id}` in the API table lets them reach an HTML 404). */
export const ALL = endpoint(async () => {
  throw new AppError('errors.methodNotAllowed', 405);
});
