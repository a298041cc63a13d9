import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

/** Nested messages, as in es.json. */
export type Messages = { [key: string]: string | Messages };

/**
 * The browser's language: the one the server rendered the page in (`<html lang>`, which the
 * islands' `lang` prop always equals); switching language reloads the page (lib/client/language.ts).
 */
export const pageLanguage: Language = typeof document === 'undefined' || !isLanguage(document.documentElement.lang) ? DEFAULT_LANGUAGE : document.documentElement.lang;

const provided: Messages = {};
const listeners: ((messages: Messages) => void)[] = [];

function merge(into: Messages, from: Messages): void {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    if (typeof value === 'object' && typeof there === 'object') merge(there, value);
    else into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

/**
 * Hands over the messages a client module can ask for, in both languages (decision 098): the build
 * (scripts/client-messages.mjs) prepends this call to every client module of src/ that names message
 * keys, so the messages arrive with the module, before its code runs. The page's language is kept.
 */
export function provideMessages(messages: Partial<Record<Language, Messages>>): void {
  const mine = messages[pageLanguage];
  if (!mine) return;
  merge(provided, mine);
  for (const listener of listeners) listener(mine);
}

/** The messages provided so far, and each later module's as it arrives (translate.ts). */
export function followMessages(listener: (messages: Messages) => void): Messages {
  listeners.push(listener);
  return provided;
}
