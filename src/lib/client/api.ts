import type { Language } from '../../i18n/languages.ts';
import type { AnswerOf, ApiMethod, KnownPath } from './api-answers.ts';
import { clearSession } from './session-store.ts';

export type { ListAnswer, MessageAnswer, ReadAnswer, SaveAnswer } from './api-answers.ts';

/**
 * Dispatched on `window` after every successful write (any method but GET), with the path and
 * method: parts of the page drawn on the server (the getting-started guide) refresh on it.
 */
export const SAVED_EVENT = 'jornada:saved';

/** Statuses that mean the session is gone (spec section 4). */
const SESSION_EXPIRED = new Set([401, 419, 440]);
const TIMEOUT_MS = 60_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly errors: Record<string, string> = {},
    /** The whole JSON answer, for endpoints that say more than `errors` (e.g. the CSV import's `rows`). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  lang: Language;
  /** Set false for sign-in and sign-up, where 401 is an answer, not an expired session. */
  redirectOnExpiry?: boolean;
}

/**
 * The one fetch helper of the islands: JSON in and out under /api, 60 s timeout, messages in the
 * UI language. On 401/419/440 it clears the session and goes to sign-in with the current path.
 * Paths of the answer map (api-answers.ts) are typed by path and method (GET when none);
 * any other path names its answer: `api<T>(path, …)`.
 */
export function api<P extends KnownPath, M extends ApiMethod = 'GET'>(path: P, options: ApiOptions & { method?: M }): Promise<AnswerOf<P, M>>;
export function api<T>(path: string, options: ApiOptions): Promise<T>;
export async function api<T>(path: string, options: ApiOptions): Promise<T> {
  const { method = 'GET', body, lang, redirectOnExpiry = true } = options;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'accept-language': lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : String(error), 0);
  }
  const saved = () => {
    if (method !== 'GET' && typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(SAVED_EVENT, { detail: { path, method } }));
  };
  if (response.status === 204) {
    saved();
    return undefined as T;
  }
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) {
    saved();
    return data as T;
  }
  if (redirectOnExpiry && SESSION_EXPIRED.has(response.status)) {
    clearSession();
    const here = window.location.pathname + window.location.search;
    window.location.assign(`/sign-in?redirectUrl=${encodeURIComponent(here)}`);
  }
  throw new ApiError(
    typeof data['message'] === 'string' ? data['message'] : response.statusText,
    response.status,
    typeof data['code'] === 'string' ? data['code'] : undefined,
    (data['errors'] as Record<string, string>) ?? {},
    data,
  );
}
