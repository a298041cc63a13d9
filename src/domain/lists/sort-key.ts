import { FOLD_FROM, FOLD_TO } from './fold-text.ts';

/**
 * How names are ordered on both database engines (decision 075): Spanish alphabetical order,
 * "Álvarez" with the A's, "Sánchez" before "Serrano", "Muñoz" after "Munuera", case ignored.
 * The key is the list search's accent fold (fold-text.ts) with A–Z lowered and Ñ kept apart as
 * "n~" ("~" sorts after every letter). Keys compare by code point (SQLite's BINARY, PostgreSQL's
 * COLLATE "C"), so paging in the database gives the same order on both. PostgreSQL computes
 * `translate(replace(replace(x, 'Ñ', 'n~'), 'ñ', 'n~'), SORT_FROM, SORT_TO)`; SQLite calls
 * `sortKey` as the registered function `jornada_sort_key`.
 */
export const ENYE_KEY = 'n~';
const ASCII_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const kept = [...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!] as const).filter(([c]) => c !== 'Ñ' && c !== 'ñ');
export const SORT_FROM = ASCII_UPPER + kept.map(([c]) => c).join('');
export const SORT_TO = ASCII_UPPER.toLowerCase() + kept.map(([, t]) => t).join('');

const MAP = new Map([...SORT_FROM].map((c, i) => [c, SORT_TO[i]!]));

/** The sort key of `text`. */
export function sortKey(text: string): string {
  let out = '';
  for (const c of text) out += c === 'Ñ' || c === 'ñ' ? ENYE_KEY : (MAP.get(c) ?? c);
  return out;
}

/** Compares two texts as the database orders them (for lists ordered in memory). */
export function compareNames(a: string, b: string): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
