import i18next, { type i18n, type TOptions } from 'i18next';
import { followMessages, pageLanguage as browserLanguage } from './client-messages.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';
import { formatLocalDate } from '../domain/format/intl-format.ts';
import { resources as serverResources } from './resources.ts';

/**
 * The server holds every language's whole catalog. The browser holds only the page's language
 * (`<html lang>`, which the islands' `lang` prop always equals), and of it only the messages of the
 * modules the page has loaded: each client module hands its own over as it loads, before its code
 * runs (client-messages.ts, decision 098). `import.meta.env.SSR` is a build-time constant, so the
 * client bundle drops resources.ts (both JSON files) entirely.
 */
const pageLanguage: Language = import.meta.env.SSR ? DEFAULT_LANGUAGE : browserLanguage;

let instance: i18n | undefined;

function shared(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    const created = instance;
    const resources = import.meta.env.SSR
      ? serverResources
      : { [pageLanguage]: { translation: structuredClone(followMessages((messages) => created.addResourceBundle(pageLanguage, 'translation', messages, true, true))) } };
    void instance.init({
      resources,
      lng: import.meta.env.SSR ? DEFAULT_LANGUAGE : pageLanguage,
      fallbackLng: import.meta.env.SSR ? DEFAULT_LANGUAGE : pageLanguage,
      interpolation: { escapeValue: false },
      initAsync: false,
      // In the browser a key without a message means a module that did not bring it (a key that
      // arrived as data, decision 098): said in the console, which the every-page e2e run fails on.
      ...(import.meta.env.SSR
        ? {}
        : {
            saveMissing: true,
            missingKeyHandler: (_languages: readonly string[], _namespace: string, key: string) => {
              if (/^[\w-]+(?:\.[\w-]+)+$/.test(key)) console.error(`No message for "${key}" in the browser (decision 098)`);
            },
          }),
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
