import { ApiError } from './api.ts';

/** What a failed island action has to show: the server's message and field errors, or the fallback. */
export interface ApiFailure {
  /** The server's translated message; the fallback when there is no answer message (or no API answer at all). */
  message: string;
  /** The server's field errors (translated), keyed by the API's field names; `{}` when none. */
  fields: Record<string, string>;
  /** The HTTP status; 0 when the server could not be reached; null for an error that is not an API answer. */
  status: number | null;
  code: string | undefined;
  /** The whole JSON answer (e.g. the CSV import's `rows`); `{}` when none. */
  body: Record<string, unknown>;
}

/** Any thrown value as what the island shows: an ApiError's message and fields, anything else the fallback. */
export function apiFailure(error: unknown, fallback: string): ApiFailure {
  if (error instanceof ApiError) {
    return { message: error.message || fallback, fields: error.errors, status: error.status, code: error.code, body: error.body };
  }
  return { message: fallback, fields: {}, status: null, code: undefined, body: {} };
}

/** Leaving the page after a success: the island stays busy until the browser goes. */
export type Navigation = 'reload' | { assign: string } | { replace: string };

export interface ApiActionOptions<T, K> {
  /** What is running, for islands with one button per row (`running === row._id`); `true` when not given. */
  key?: K;
  /** react-hook-form's `setError`: each server field error goes onto its field (type 'server'). */
  setError?: (name: never, error: { type: string; message: string }) => void;
  /** A setter of a local record of field errors, given the server's (`{}` when none). */
  onFieldErrors?: (fields: Record<string, string>) => void;
  /** Where the failure's message goes instead of an error toast (a form's alert, a dialog's line). */
  onError?: (message: string, failure: ApiFailure) => void;
  /** The message when there is no API message; `errors.somethingWentWrong` when not given. */
  fallback?: string;
  /** The answer's `message` on success: a toast now, or a flash shown by the next page. */
  success?: 'toast' | 'flash';
  /**
   * After a success (and its message): reload or go elsewhere (the island stays busy), or a
   * callback given the answer that may return such a navigation. It runs inside the action:
   * what it throws (e.g. re-reading a list) is a failure like the request's.
   */
  then?: Navigation | ((answer: T) => void | Navigation | Promise<void | Navigation>);
}

/** The browser's effects, passed in so the sequence is testable without a DOM. */
export interface ApiActionEffects<K> {
  setRunning: (key: K | null) => void;
  toastSuccess: (message: string) => void;
  toastError: (message: string) => void;
  flash: (message: string) => void;
  navigate: (to: Navigation) => void;
  /** The translated `errors.somethingWentWrong`. */
  fallback: string;
}

/**
 * One island action: busy on, the request, then on success its message and what comes after;
 * on failure the field errors where the island shows them and the message as its alert or an
 * error toast. Busy goes off afterwards, except when a success leaves the page. Resolves true on
 * success; never rejects.
 */
export async function runApiAction<T, K>(request: () => Promise<T>, options: ApiActionOptions<T, K>, effects: ApiActionEffects<K>): Promise<boolean> {
  effects.setRunning(options.key ?? (true as K));
  let leaving = false;
  try {
    const answer = await request();
    const message = (answer as { message?: unknown } | undefined)?.message;
    if (options.success && typeof message === 'string' && message) {
      if (options.success === 'flash') effects.flash(message);
      else effects.toastSuccess(message);
    }
    const next = typeof options.then === 'function' ? await options.then(answer) : options.then;
    if (next) {
      leaving = true;
      effects.navigate(next);
    }
    return true;
  } catch (error) {
    const failure = apiFailure(error, options.fallback ?? effects.fallback);
    if (options.setError) for (const [name, message] of Object.entries(failure.fields)) options.setError(name as never, { type: 'server', message });
    options.onFieldErrors?.(failure.fields);
    if (options.onError) options.onError(failure.message, failure);
    else effects.toastError(failure.message);
    return false;
  } finally {
    if (!leaving) effects.setRunning(null);
  }
}
