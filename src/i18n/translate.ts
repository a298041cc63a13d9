import i18next, { type i18n, type TOptions } from 'i18next';
import { DEFAULT_LANGUAGE, resources, type Language } from './languages.ts';

let instance: i18n | undefined;

function shared(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
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
