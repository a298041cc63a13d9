/**
 * Spain's tax identification numbers and their check characters (issue 37.5): a company's CIF,
 * a self-employed owner's NIF (DNI number) or a foreign owner's NIE. Input is already compact
 * (capitals and digits, see `normalizeTaxId`); an "ES" prefix (the EU VAT form) is accepted.
 *
 * - NIF: 8 digits and the letter of (number mod 23).
 * - NIE: X, Y or Z (for 0, 1, 2), 7 digits and the same letter.
 * - CIF (and the K, L, M personal NIFs): an organisation letter, 7 digits and a control that is
 *   the sum of the even positions plus the digit sums of the doubled odd ones, as (10 − sum mod
 *   10) mod 10; a letter (J = 0, A = 1 … I = 9) for P, Q, R, S, W, N, K, L, M; a digit for A, B,
 *   E, H; either for the others.
 */
const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';

function nifLetterOf(digits: string): string {
  return NIF_LETTERS[Number(digits) % 23]!;
}

function cifControl(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const n = Number(digits[i]);
    if (i % 2 === 1) sum += n;
    else sum += Math.floor((n * 2) / 10) + ((n * 2) % 10);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `compact` is a Spanish NIF, NIE or CIF whose check character matches. */
export function isValidSpanishTaxId(compact: string): boolean {
  const id = /^ES[0-9A-Z]{9}$/.test(compact) ? compact.slice(2) : compact;
  let m = /^(\d{8})([A-Z])$/.exec(id);
  if (m) return nifLetterOf(m[1]!) === m[2];
  m = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (m) return nifLetterOf(`${'XYZ'.indexOf(m[1]!)}${m[2]}`) === m[3];
  m = /^([ABCDEFGHJKLMNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!m) return false;
  const [, kind, digits, given] = m as unknown as [string, string, string, string];
  const control = cifControl(digits);
  const letter = CIF_CONTROL_LETTERS[control]!;
  if ('PQRSWNKLM'.includes(kind)) return given === letter;
  if ('ABEH'.includes(kind)) return given === String(control);
  return given === letter || given === String(control);
}
