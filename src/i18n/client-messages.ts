import type { Language } from './languages.ts';

type Messages = Record<string, unknown>;

const provided = new Map<Language, Messages>();

/**
 * Hands over a language's messages loaded by the page itself: the layout's <LanguageMessages>
 * script imports the page language's chunk as the document loads, in parallel with the islands.
 */
export function provideMessages(lang: Language, messages: Messages): void {
  provided.set(lang, messages);
}

/**
 * The browser's copy of the translations: only the page's language, the one the server rendered
 * (`<html lang>`); switching language reloads the page (lib/client/language.ts). Each language is
 * its own chunk; when the layout's script has not run yet, the dynamic import reaches the same
 * chunk (already requested), so it is downloaded once.
 */
export async function clientMessages(lang: Language): Promise<Messages> {
  const early = provided.get(lang);
  if (early) return early;
  const module = lang === 'en' ? await import('./en.json') : await import('./es.json');
  return module.default;
}
