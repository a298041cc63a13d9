import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, languageFromAcceptHeader, type Language } from '../../i18n/languages.ts';

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/** API answers: Accept-Language (es or en), else the language cookie, else Spanish (docs/architecture.md). */
export function apiLanguage(request: { headers: { get(name: string): string | null } }, cookies: CookieReader): Language {
  return languageFromAcceptHeader(request.headers.get('accept-language')) ?? cookieLanguage(cookies) ?? DEFAULT_LANGUAGE;
}

/** Pages: the language the user chose (cookie), else the browser's, else the instance default. */
export function pageLanguage(request: Request, cookies: CookieReader, fallback: Language = DEFAULT_LANGUAGE): Language {
  return cookieLanguage(cookies) ?? languageFromAcceptHeader(request.headers.get('accept-language')) ?? fallback;
}

function cookieLanguage(cookies: CookieReader): Language | undefined {
  const value = cookies.get(LANGUAGE_COOKIE)?.value;
  return isLanguage(value) ? value : undefined;
}
