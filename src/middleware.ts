import { defineMiddleware } from 'astro:middleware';
import { looksLikeApiToken, SESSION_ONLY_API } from './domain/api-tokens/api-tokens.ts';
import { hasAuthority } from './domain/permissions/permissions.ts';
import { routeRecordRefusal } from './domain/permissions/record-access.ts';
import { apiPathExists, matchApiRoute } from './domain/routing/api-table.ts';
import { resolvePageAccess } from './domain/routing/resolve-page-access.ts';
import { bearerOf } from './server/auth/api-token.ts';
import { SESSION_COOKIE, tokenFromRequest } from './server/auth/session-token.ts';
import { actAsToken } from './server/db/acting-token.ts';
import { getDb } from './server/db/connection.ts';
import { AppError, unauthenticated } from './server/http/app-error.ts';
import { denial } from './server/http/denial.ts';
import { isCrossSiteWrite } from './server/http/same-origin.ts';
import { unknownQueryRefusal } from './server/http/query-check.ts';
import { loggedPath } from './server/http/logged-path.ts';
import { asAppError, errorJson } from './server/http/json.ts';
import { apiLanguage, pageLanguage } from './server/http/request-language.ts';
import { withSecurityHeaders } from './server/http/security-headers.ts';
import { withLayoutHashes } from './server/http/layout-csp.ts';
import { log } from './server/log.ts';
import { isFirstRun } from './server/services/first-run/first-run.ts';
import { getSettings } from './server/services/get-settings.ts';
import { apiTokenPrincipal } from './server/services/api-tokens/api-token-principal.ts';
import { loadSession } from './server/services/sign-in/session-user.ts';

/** Built assets and public files: no session needed, never redirected. */
function isAsset(path: string): boolean {
  return (
    path.startsWith('/_astro/') ||
    path.startsWith('/models/') ||
    path.startsWith('/@') ||
    path.startsWith('/node_modules/') ||
    path.startsWith('/src/') ||
    path === '/sw.js' ||
    /^\/[^/]+\.(ico|png|svg|txt|webmanifest|json)$/.test(path)
  );
}

/**
 * Session -> `locals.user`, then route authority from the one route table:
 * - `/api/*`: public endpoints pass; otherwise 401 JSON without a session, 404/405 JSON for an
 *   unknown endpoint, 403 JSON without the endpoint's authority. Never a redirect.
 * - pages: the redirect rules of spec section 2 (`resolvePageAccess`).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request, cookies } = context;
  const path = url.pathname;
  if (isAsset(path)) return next();
  // The health check answers on its own, also when the database is what is failing.
  if (path === '/api/health') return withSecurityHeaders(await next());

  const isApi = path === '/api' || path.startsWith('/api/');
  context.locals.lang = isApi ? apiLanguage(request, cookies) : pageLanguage(request, cookies, (await getSettings(await getDb())).defaultLanguage);
  const lang = context.locals.lang;

  if (isCrossSiteWrite(request, url)) {
    return withSecurityHeaders(errorJson(new AppError('errors.crossSite', 403), lang));
  }

  try {
    const db = await getDb();
    const cookieToken = cookies.get(SESSION_COOKIE)?.value;
    const bearer = bearerOf(request);
    // `Bearer jt_…` is an API token (decision 057): API only, never a session; on a page it signs nobody in.
    let tokenRefusal: string | undefined;
    if (!cookieToken && looksLikeApiToken(bearer)) {
      if (isApi) {
        const resolved = await apiTokenPrincipal(db, bearer!);
        if ('user' in resolved) context.locals.user = resolved.user;
        else tokenRefusal = resolved.refusal;
      }
    } else {
      const session = await loadSession(db, tokenFromRequest(request, cookieToken));
      if (session) {
        context.locals.user = session.user;
        context.locals.sessionId = session.id;
      } else if (cookieToken) cookies.delete(SESSION_COOKIE, { path: '/' });
    }
    const user = context.locals.user;

    if (isApi) {
      const route = matchApiRoute(request.method, context.routePattern);
      if (!route?.public) {
        // A refused API token says why, for the script that sent it (never the sign-in message).
        if (!user) return withSecurityHeaders(errorJson(tokenRefusal ? new AppError(tokenRefusal, 401) : unauthenticated(), lang));
        if (!route) {
          const error = apiPathExists(context.routePattern) ? new AppError('errors.methodNotAllowed', 405) : new AppError('errors.notFound', 404);
          return withSecurityHeaders(errorJson(error, lang));
        }
        // A token never changes its account's password or sessions, nor makes tokens.
        // An assistant acts with a token its user made and can revoke, never with a session.
        if (route.tokenOnly && user.apiTokenId === undefined) return withSecurityHeaders(errorJson(new AppError('tokens.mcpTokenOnly', 403), lang));
        if (user.apiTokenId !== undefined && SESSION_ONLY_API.has(route.pattern)) {
          return withSecurityHeaders(errorJson(new AppError('tokens.sessionOnly', 403), lang));
        }
        const missing = route.authority.find((a) => !hasAuthority(user.accountType, user.permissions, [a]));
        if (missing) return withSecurityHeaders(errorJson(denial(missing, lang), lang));
        // Whatever the role grants, the record-access policy decides whose records (decision 024).
        const refusal = routeRecordRefusal(user, request.method, route.records);
        if (refusal) return withSecurityHeaders(errorJson(new AppError(refusal, 403), lang));
      }
      const unknownQuery = route && unknownQueryRefusal(`${route.method} ${route.pattern}`, url.searchParams);
      if (unknownQuery) return withSecurityHeaders(errorJson(unknownQuery, lang));
      // Every audit entry this request writes names the token it came with (decision 096).
      const tokenId = user?.apiTokenId;
      return withSecurityHeaders(await (tokenId === undefined ? next() : actAsToken(tokenId, next)));
    }

    const access = resolvePageAccess(path, url.search, user, { firstRun: await isFirstRun(db) });
    if (access.kind === 'redirect') return withSecurityHeaders(context.redirect(access.to, 302));
    return withSecurityHeaders(withLayoutHashes(await next()));
  } catch (error) {
    // asAppError logs the cause: a full disk is a translated 503, anything unexpected a 500.
    if (isApi) return withSecurityHeaders(errorJson(asAppError(error), lang));
    log.error({ err: error, method: request.method, path: loggedPath(path) }, 'request failed');
    throw error;
  }
});
