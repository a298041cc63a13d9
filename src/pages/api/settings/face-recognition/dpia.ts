import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { faceDpiaDraft } from '#server/services/biometrics/face-dpia-draft.ts';
import { downloadLanguage } from '#server/services/reports/report-downloads.ts';
import { attachment } from '#server/services/reports/xlsx-stream.ts';

/** GET the DPIA draft for face recognition (`lang` es or en; setting.read; decision 047), a Markdown file. */
export const GET = endpoint(async ({ url, locals }) => {
  const { fileName, text } = await faceDpiaDraft(await getDb(), downloadLanguage(url.searchParams, locals.lang));
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'text/markdown; charset=utf-8', 'content-disposition': attachment(fileName), 'cache-control': 'no-store' },
  });
});
