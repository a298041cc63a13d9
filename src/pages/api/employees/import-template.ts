import { isLanguage } from '#i18n/languages.ts';
import { getDb } from '#server/db/connection.ts';
import { AppError } from '#server/http/app-error.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { employeeImportTemplate } from '#server/services/employees/employee-import-template.ts';

/**
 * `GET /api/employees/import-template[?lang=es|en]` (authority `employee.create`): the CSV
 * template to download. `lang` lets a download link follow the page's language.
 */
export const GET = endpoint(async ({ url, locals }) => {
  const asked = url.searchParams.get('lang');
  const lang = isLanguage(asked) ? asked : locals.lang;
  const { filename, csv } = await employeeImportTemplate(await getDb(), lang);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
});

/** Other methods: 405 JSON (without this, `/api/employees/{id}` in the API table lets them reach an HTML 404). */
export const ALL = endpoint(async () => {
  throw new AppError('errors.methodNotAllowed', 405);
});
