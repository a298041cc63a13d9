import en from './en.json';
import es from './es.json';

/**
 * Both languages' messages, for the server (every request may be in either). Client code must not
 * import this module: the browser loads only the page's language (translate.ts, client-messages.ts).
 */
export const resources = { es: { translation: es }, en: { translation: en } } as const;
