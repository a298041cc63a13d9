import type { SsoFailure } from '#domain/auth/sso-settings.ts';

/** A single sign-on that did not end in a session: the callback sends the browser to `/sign-in?sso=<failure>`. */
export class SsoError extends Error {
  constructor(
    readonly failure: SsoFailure,
    readonly detail?: unknown,
  ) {
    super(`sso: ${failure}`);
    this.name = 'SsoError';
  }
}
