/**
 * The one error type services throw. `code` is an i18n key (e.g. "errors.invalidCredentials");
 * the edge translates it with `params`. `fields` maps input fields to i18n keys (422 answers).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly params: Record<string, unknown> = {},
    readonly fields: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError('errors.unauthenticated', 401);
export const forbidden = () => new AppError('errors.forbidden', 403);
export const notFound = () => new AppError('errors.notFound', 404);
export const invalidInput = (fields: Record<string, string>) => new AppError('validation.invalidInput', 422, {}, fields);
