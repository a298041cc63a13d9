import type { AnswerOf as ContractAnswer, BodyOf, QueryOf } from '../../domain/api/contract.ts';
import type { ApiContracts, ContractKey } from '../../domain/api/contracts/index.ts';
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

/** One value per `{id}` of a contract's pattern, in order. */
type ParamsOf<P extends string, Found extends unknown[] = []> = P extends `${string}{id}${infer Rest}` ? ParamsOf<Rest, [...Found, string | number]> : Found;

/** The options of a call by contract: path ids, query and body typed by the endpoint's contract (decision 095). */
export type ContractOptions<K extends ContractKey> = Omit<ApiOptions, 'method' | 'body'> & {
  params?: K extends `${string} ${infer P}` ? ParamsOf<P> : never;
  query?: QueryOf<ApiContracts[K]>;
  body?: BodyOf<ApiContracts[K]>;
};

/** The path under `/api` of a contract key with its ids and query filled in. */
export function contractPath(key: string, params: readonly (string | number)[] = [], query: Record<string, unknown> = {}): string {
  let i = 0;
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/^\/api/, '')
    .replace(/\{id\}/g, () => encodeURIComponent(String(params[i++])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The one fetch helper of the islands: JSON in and out under /api, 60 s timeout, messages in the
 * UI language. On 401/419/440 it clears the session and goes to sign-in with the current path.
 * Called with a contract key (`api('GET /api/leaves', {query, lang})`) the ids, query, body and
 * answer are typed by the endpoint's contract; the older bare-path form remains for calls not
 * yet moved to their contract.
 */
export function api<K extends ContractKey>(route: K, options: ContractOptions<K>): Promise<ContractAnswer<ApiContracts[K]>>;
export function api<P extends KnownPath, M extends ApiMethod = 'GET'>(path: P, options: ApiOptions & { method?: M }): Promise<AnswerOf<P, M>>;
export function api<T>(path: string, options: ApiOptions): Promise<T>;
export async function api<T>(route: string, options: ApiOptions & { params?: readonly (string | number)[]; query?: Record<string, unknown> }): Promise<T> {
  // `METHOD /api/pattern` names a contract; a bare path is the older form.
  const byContract = route.includes(' ');
  const method = byContract ? route.slice(0, route.indexOf(' ')) : (options.method ?? 'GET');
  const path = byContract ? contractPath(route, options.params, options.query) : route;
  const { body, lang, redirectOnExpiry = true } = options;
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
