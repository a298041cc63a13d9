/**
 * How a list search compares text on both database engines: lower case and without the accents
 * of Spanish, Portuguese, Catalan and French, so "jose" finds "José" and "MUÑOZ" finds "Muñoz".
 * PostgreSQL runs `translate(lower(x), FOLD_FROM, FOLD_TO)`; SQLite calls `foldText` as a
 * registered function. The two tables are the one definition both use.
 */
export const FOLD_FROM = 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝáàâäãåéèêëíìîïóòôöõúùûüñçý';
export const FOLD_TO = 'aaaaaaeeeeiiiiooooouuuuncyaaaaaaeeeeiiiiooooouuuuncy';

const MAP = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

/** ASCII lower case (as SQL's lower() in the C locale) plus the accent table above. */
export function foldText(text: string): string {
  let out = '';
  for (const c of text) {
    const folded = MAP.get(c);
    out += folded ?? (c >= 'A' && c <= 'Z' ? c.toLowerCase() : c);
  }
  return out;
}
