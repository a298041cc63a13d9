import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The app speaks to its users in one voice, "tú" (the team's standard): no Spanish message may
 * address the reader as "usted". The check looks for the usted imperatives and possessives that
 * crept in (issue 34's review found 31 in the terminal, email, token and work-time messages).
 */
const USTED =
  /\b(Introduzca|Compruebe|Pulse|Haga|Seleccione|Inténtelo|Vuelva a intentarlo|Revise|Elija|Escriba|Indique|Consulte|Utilice|Asegúrese|Añada|Guarde|Póngase|Rellene|Cambie|Abra|Confirme|Solicite|Verifique|Elimine|Acceda|Inicie sesión|Copie|Cree|usted|le concede|lo ha recibido)\b/;

function* strings(value: unknown, key = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [key, value];
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, key ? `${key}.${k}` : k);
}

describe('the Spanish voice', () => {
  it('every message says "tú", never "usted"', () => {
    const es = JSON.parse(readFileSync(new URL('../../src/i18n/es.json', import.meta.url), 'utf8')) as unknown;
    const usted = [...strings(es)].filter(([, text]) => USTED.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(usted).toEqual([]);
  });
});
