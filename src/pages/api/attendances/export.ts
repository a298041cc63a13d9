import { localDateOf } from '#domain/time/zoned-time.ts';
import { isLanguage } from '#i18n/languages.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { exportAttendances, exportFileName } from '#server/services/attendance/export-attendances.ts';
import { attendanceListQuery } from '#server/services/attendance/list-attendances.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { nowMs } from '#server/clock/now.ts';

/**
 * GET the filtered attendance list (same parameters as `GET /api/attendances`, every page) as an
 * .xlsx download, streamed as it is written. Headers and texts follow `lang` (es/en) when given
 * (a download link cannot send Accept-Language), else the request's language.
 */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const asked = context.url.searchParams.get('lang');
  const lang = isLanguage(asked) ? asked : context.locals.lang;
  const query = attendanceListQuery(context.url.searchParams);
  const settings = await getSettings(await getDb());
  const name = exportFileName(lang, localDateOf(nowMs(), settings.timezone));
  const body = exportAttendances({ query, viewer: user, lang, timeFormat: settings.timeFormat });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
    },
  });
});
