/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, resolved by middleware from the `token` cookie or Bearer header. */
    user?: import('./server/services/sign-in/session-user.ts').SessionUser;
    /** The id of the request's session row (decision 023), with `user`. */
    sessionId?: string;
    /** Language for this request's pages or API messages. */
    lang: import('./i18n/languages.ts').Language;
  }
}
