import { LANGUAGE_COOKIE, type Language } from '../../i18n/languages.ts';

/**
 * Switches the UI language: kept in localStorage and in the `lang` cookie (a year), so the server
 * renders the next page in it; reloads so this page does too, with no mixed-language flash.
 */
export function switchLanguage(lang: Language): void {
  localStorage.setItem('lang', lang);
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  window.location.reload();
}
