/** Deepest nesting of arrays and objects a request body may have (real bodies stay under 5). */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;

/**
 * True when the JSON text in `bytes` nests arrays/objects deeper than `max`: one pass over the
 * bytes, counting brackets outside strings, before JSON.parse builds anything (a body of 256 KB
 * of `[` would otherwise make 256 K nested arrays, and walking them overflows the stack). Works
 * on UTF-8 bytes because every byte of a multi-byte character is >= 0x80. Malformed text is not
 * judged here: JSON.parse refuses it afterwards.
 */
export function jsonTooDeep(bytes: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_SQUARE || b === OPEN_CURLY) {
      if (++depth > max) return true;
    } else if (b === CLOSE_SQUARE || b === CLOSE_CURLY) depth--;
  }
  return false;
}
