/** The translator the islands' parts take (see src/i18n/translate.ts). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A text a state machine hands to its view: an i18n key, or a server message as it came. */
export type MachineText = { key: string } | { text: string };

/** A machine text as shown: a key translated, a server message as it came. */
export function showText(t: Translate, text: MachineText): string {
  return 'key' in text ? t(text.key) : text.text;
}
