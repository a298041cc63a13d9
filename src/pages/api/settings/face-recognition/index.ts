import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { translate } from '#i18n/translate.ts';
import { faceRecognitionStatus } from '#server/services/biometrics/face-recognition-status.ts';
import { setFaceRecognition } from '#server/services/biometrics/set-face-recognition.ts';

/**
 * GET what Settings shows about face recognition (setting.read); POST turns it on (notice
 * acknowledged, everyone has a PIN or badge) or off (optionally deleting every descriptor), the only
 * way to switch it (setting.update; decision 047).
 */
export const GET = endpoint(async () => answer('GET /api/settings/face-recognition', { data: await faceRecognitionStatus(await getDb()) }));

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const db = await getDb();
  const lang = context.locals.lang;
  const result = await setFaceRecognition(db, await readJson(context.request), user.id, lang);
  return answer('POST /api/settings/face-recognition', {
    data: await faceRecognitionStatus(db),
    descriptorsDeleted: result.descriptorsDeleted,
    message: translate(lang, result.message, { count: result.descriptorsDeleted }),
  });
});
