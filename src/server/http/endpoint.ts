import type { APIContext, APIRoute } from 'astro';
import type { SessionUser } from '../services/sign-in/session-user.ts';
import { unauthenticated } from './app-error.ts';
import { toErrorResponse } from './json.ts';

/** Wraps an endpoint so any thrown AppError becomes its JSON answer and nothing else leaks. */
export function endpoint(handler: (context: APIContext) => Promise<Response>): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      return toErrorResponse(error, context.locals.lang);
    }
  };
}

/** The signed-in user (middleware already answered 401 for protected endpoints; this narrows). */
export function requireUser(context: APIContext): SessionUser {
  const user = context.locals.user;
  if (!user) throw unauthenticated();
  return user;
}
