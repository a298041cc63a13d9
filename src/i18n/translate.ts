import i18next, { type i18n, type TOptions } from 'i18next';
import { clientMessages } from './client-messages.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';
import { formatLocalDate } from '../domain/format/intl-format.ts';
import { resources as serverResources } from './resources.ts';

/**
 * The server holds every language. The browser holds only the page's (`<html lang>`, which the
 * islands' `lang` prop always equals): its messages are awaited here, at module load, so they are
 * in place before any island renders. `import.meta.env.SSR` is a build-time constant, so the
 * client bundle drops resources.ts (both JSON files) entirely.
 */
const pageLanguage: Language = import.meta.env.SSR || !isLanguage(document.documentElement.lang) ? DEFAULT_LANGUAGE : document.documentElement.lang;
const resources = import.meta.env.SSR ? serverResources : { [pageLanguage]: { translation: await clientMessages(pageLanguage) } };

let instance: i18n | undefined;

function shared(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources,
      lng: import.meta.env.SSR ? DEFAULT_LANGUAGE : pageLanguage,
      fallbackLng: import.meta.env.SSR ? DEFAULT_LANGUAGE : pageLanguage,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    // `{{from, localDate}}`: a calendar date YYYY-MM-DD in the language (the locked-period message, decision 051).
    instance.services.formatter?.add('localDate', (value: unknown, lng: string | undefined) =>
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatLocalDate(value, isLanguage(lng) ? lng : DEFAULT_LANGUAGE) : String(value),
    );
  }
  return instance;
}

/** Translates a key into the language; unknown keys come back unchanged. */
export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  return shared().getFixedT(lang)(key, params as TOptions) as string;
}

/** A translator bound to one language. */
export function translator(lang: Language): (key: string, params?: Record<string, unknown>) => string {
  return (key, params) => translate(lang, key, params);
}
