import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';

/**
 * Texts that send the reader somewhere in the app name it as the side menu and the settings page
 * do (issue 37, point 10: one term everywhere; seen in the first-week walk): the menu item is
 * "Ajustes"/"Settings" (never "Configuración"), a path into it is "Ajustes › <section>" with the
 * section's own title, and Terminals is a menu item of its own, not a settings section.
 */

type Messages = { [key: string]: string | Messages };

function leaves(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
}

for (const [lang, messages, settings] of [
  ['es', es as unknown as Messages, 'Ajustes'],
  ['en', en as unknown as Messages, 'Settings'],
] as const) {
  describe(`menu paths in ${lang}.json`, () => {
    const sections = Object.values((messages['settings'] as Messages)['sections'] as Messages) as string[];
    const all = leaves(messages);

    it(`calls the settings menu "${settings}", as the side menu does`, () => {
      expect((messages['pages'] as Messages)['setting']).toBe(settings);
      if (lang === 'es') expect(all.filter(([, text]) => /\b(en|desde) Configuración\b|Configuración\s*[›→]/.test(text))).toEqual([]);
    });

    it(`writes "${settings} › <section>" with a section of the settings page`, () => {
      const wrong = all.flatMap(([key, text]) =>
        [...text.matchAll(new RegExp(`${settings}\\s*([›→>])\\s*([^.,;:()]+)`, 'gu'))].filter((m) => m[1] !== '›' || !sections.some((section) => m[2]!.startsWith(section))).map((m) => `${key}: ${m[0]}`),
      );
      expect(wrong).toEqual([]);
    });
  });
}
