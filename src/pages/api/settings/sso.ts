import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { ssoRedirectUriFor } from '#server/services/sso/oidc-flow.ts';
import { saveSsoSettings, ssoSettingsView } from '#server/services/sso/sso-settings.ts';

/**
 * GET the single sign-on settings without the client secret (`secretSet`), and the redirect URI to
 * register; PUT them. setting.read / setting.update, and the SuperAdmin only: one provider for the
 * whole installation (decision 092).
 */
export const GET = endpoint(async (context) => {
  const db = await getDb();
  return answer('GET /api/settings/sso', { data: await ssoSettingsView(db, requireUser(context)), redirectUri: await ssoRedirectUriFor(db, context.url.origin) });
});

export const PUT = endpoint(async (context) => {
  const db = await getDb();
  const data = await saveSsoSettings(db, await readJson(context.request), requireUser(context));
  return answer('PUT /api/settings/sso', { data, redirectUri: await ssoRedirectUriFor(db, context.url.origin), message: translate(context.locals.lang, 'messages.settingsSaved') });
});
