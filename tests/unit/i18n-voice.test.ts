import { describe, expect, it } from 'vitest';
import es from '../../src/i18n/es.json';

/**
 * One voice in Spanish (issue 34's review; issue 37, point 10; decision 076): the app speaks to
 * the reader as "tú", never "usted", and a clock terminal is "emparejado" with a "código de
 * emparejamiento" ("vincular" is kept for an account linked to an employee). es.json holds every
 * Spanish text the app shows, the emails (src/server/services/notifications/templates) and the
 * API's messages included.
 *
 * What a regular expression can tell apart, and so what is checked:
 * - "usted"/"ustedes", and "le/les" + a verb of address ("le recomendamos");
 * - a formal imperative ("Introduzca", "Pida", "Revísela"): at the start of a clause,
 *   after "y"/"o", or with an attached pronoun. Elsewhere the same form is a subjunctive about a
 *   third person ("para que solo fiche el terminal"), which is fine;
 * - "su/sus" and formal verbs in the messages sent to the reader about themself (their own
 *   notices, invitation, password reset): there "su" can only mean the reader. On screens "su"
 *   speaks of an employee, a terminal or a token, which no pattern can tell from the reader.
 */

type Messages = { [key: string]: string | Messages };

function leaves(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
}

/** Lower case without accents: "Revísela" → "revisela". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Formal (usted) imperatives, folded; an attached pronoun may follow ("Cópielo", "Asegúrese"). */
const FORMAL_IMPERATIVES = [
  'abra',
  'acceda',
  'acepte',
  'active',
  'anada',
  'anote',
  'apruebe',
  'archive',
  'asegure',
  'asigne',
  'autentique',
  'avise',
  'borre',
  'cambie',
  'complete',
  'compruebe',
  'configure',
  'confirme',
  'consulte',
  'contacte',
  'copie',
  'corrija',
  'cree',
  'deje',
  'descargue',
  'descarte',
  'dirija',
  'disculpe',
  'divida',
  'elija',
  'elimine',
  'entregue',
  'envie',
  'escanee',
  'escoja',
  'escriba',
  'espere',
  'fiche',
  'guarde',
  'haga',
  'hable',
  'imprima',
  'indique',
  'ingrese',
  'inicie',
  'instale',
  'intente',
  'introduzca',
  'lea',
  'llame',
  'marque',
  'mire',
  'mueva',
  'pida',
  'ponga',
  'pregunte',
  'pruebe',
  'pulse',
  'quite',
  'recuerde',
  'rechace',
  'registre',
  'rellene',
  'revise',
  'seleccione',
  'siga',
  'solicite',
  'suba',
  'tenga',
  'toque',
  'utilice',
  'verifique',
  'vuelva',
];
const PRONOUN = '(?:lo|la|los|las|le|les|se|nos|me)?';
const CLAUSE_START = String.raw`(?:^|[.:;,!?¡¿(«"–—]\s*|\b(?:y|o|e|u|luego|ahora|entonces)\s+)`;
const IMPERATIVE_AT_CLAUSE = new RegExp(`${CLAUSE_START}(${FORMAL_IMPERATIVES.join('|')})${PRONOUN}\\b`, 'u');
/** With a pronoun attached the form is an imperative wherever it stands ("Cópielo ahora"). */
const IMPERATIVE_WITH_PRONOUN = new RegExp(`\\b(${FORMAL_IMPERATIVES.join('|')})(?:lo|la|los|las|le|les|se|nos)\\b`, 'u');
const USTED = /\b(?:usted|ustedes|le concede|lo ha recibido)\b|\bles? (?:recomendamos|informamos|rogamos|pedimos|enviamos|recordamos|agradecemos)\b|¿(?:desea|quiere)\b/u;

/** Messages to the reader about themself: "su" and third-person verbs there address the reader. */
const TO_THE_READER =
  /^(?:notifications\.(?:missingCheckOut|missedCheckIn|monthlySummary|leaveDecided|correctionAwaitingAcceptance|correctionDecided|noAccount)\.(?!manager)|notifications\.footer|invitations\.email\.|passwordReset\.email\.)/;
const FORMAL_TO_THE_READER = /\b(?:su|sus|fich[oó]|ha fichado|esta trabajando|tiene usted)\b/u;

/** The pairing of a terminal is "emparejar"; "vincular" near a terminal, device or its code is the other term. */
const OTHER_TERM = /vincul\w*[^.]{0,60}\b(?:terminal|terminales|dispositivo|codigo)\b|\b(?:terminal|terminales|dispositivo|codigo)\b[^.]{0,60}vincul/u;

function voiceProblems(messages: Messages): string[] {
  return leaves(messages).flatMap(([key, text]) => {
    const folded = fold(text);
    const found: string[] = [];
    const imperative = IMPERATIVE_AT_CLAUSE.exec(folded) ?? IMPERATIVE_WITH_PRONOUN.exec(folded);
    if (imperative) found.push(`${key}: formal imperative "${imperative[0].trim()}"`);
    if (USTED.test(folded)) found.push(`${key}: usted`);
    if (TO_THE_READER.test(key) && FORMAL_TO_THE_READER.test(folded)) found.push(`${key}: addresses the reader as usted (su/sus, third person)`);
    if (OTHER_TERM.test(folded)) found.push(`${key}: "vincular" for a terminal (use emparejar / código de emparejamiento)`);
    return found.map((problem) => `${problem} — ${text}`);
  });
}

describe('the Spanish voice', () => {
  it('es.json speaks as tú and pairs terminals with one term', () => {
    expect(voiceProblems(es as Messages)).toEqual([]);
  });

  it('the scan finds usted forms and the other term (it works)', () => {
    const sample: Messages = {
      terminals: {
        a: 'Introduzca el código de vinculación del terminal.',
        b: 'Token creado. Cópielo ahora.',
        c: 'Consulte a su proveedor de correo.',
        d: 'Si no llega, mire en la carpeta de spam.',
        e: '¿Desea continuar?',
        f: 'Este dispositivo no es un terminal vinculado.',
      },
      notifications: { missedCheckIn: { line: 'Su turno empezó a las 7:00.', managerLine: 'El turno de Ana empezó; su responsable lo sabe.' } },
    };
    expect(voiceProblems(sample).map((p) => p.split(':')[0])).toEqual(['terminals.a', 'terminals.a', 'terminals.b', 'terminals.c', 'terminals.d', 'terminals.e', 'terminals.f', 'notifications.missedCheckIn.line']);
  });

  it('the scan lets tú, third persons and "vincular" for an account pass', () => {
    const sample: Messages = {
      a: 'Introduce el código de emparejamiento. Cópialo ahora.',
      b: 'Ya tienes un terminal emparejado: desactiva esta opción para que solo fiche el terminal.',
      c: 'Tu cuenta no está vinculada a ningún empleado.',
      d: 'Su número de secuencia salta más de 100 000.',
      e: 'Cierre del periodo',
      notifications: { missedCheckIn: { line: 'Tu turno empezó a las 7:00.', managerLine: '{{name}} no ha fichado: su turno empezó a las 7:00.' } },
    };
    expect(voiceProblems(sample)).toEqual([]);
  });
});
