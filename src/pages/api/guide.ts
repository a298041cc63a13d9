import { GuideUpdate } from '../../domain/guide/guide-schema.ts';
import { translate } from '../../i18n/translate.ts';
import { getDb } from '../../server/db/connection.ts';
import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { answer } from '../../server/http/answer.ts';
import { parseInput, readJson } from '../../server/http/json.ts';
import { readGuide, setGuideHidden } from '../../server/services/guide/getting-started-guide.ts';

/** The signed-in user's getting-started guide: GET the steps and progress; PUT {dismissed} hides or shows it. */
export const GET = endpoint(async (context) => answer('GET /api/guide', { data: await readGuide(await getDb(), requireUser(context)) }));

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const { dismissed } = parseInput(GuideUpdate, await readJson(context.request));
  const data = await setGuideHidden(await getDb(), user, dismissed);
  return answer('PUT /api/guide', { data, message: translate(context.locals.lang, dismissed ? 'tour.hidden' : 'tour.shown') });
});
