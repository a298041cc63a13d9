/**
 * Text the record can keep exactly (decision 026, issue 33). Refused:
 * - text that is not well-formed Unicode (a lone UTF-16 surrogate such as "\ud800", valid in a
 *   JSON string): both databases store it as U+FFFD, so anything computed from the string as sent
 *   (the record chain's hash) would disagree with the stored row;
 * - control characters (Unicode category Cc: U+0000–U+001F, U+007F–U+009F) other than tab, line
 *   feed and carriage return. CR stays: the CSV import carries spreadsheet files whose lines end
 *   in CRLF, and multi-line text from API clients on Windows arrives with CRLF (HTML shows it as
 *   whitespace, the CSV export quotes it). NUL, which PostgreSQL cannot store at all, and escape
 *   sequences, which rewrite a terminal, are among the refused.
 */
export type TextProblem = 'notWellFormed' | 'controlCharacter';

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const REFUSED_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** What is wrong with one text, or null when it can be stored exactly. */
export function textProblem(text: string): TextProblem | null {
  if (!text.isWellFormed()) return 'notWellFormed';
  if (REFUSED_CONTROL.test(text)) return 'controlCharacter';
  return null;
}

export interface UnstorableText {
  /** Dot path of the field, as valibot names fields (`reason`, `rows.2.name`); `_` for the root. */
  field: string;
  problem: TextProblem;
}

/**
 * The first text in a parsed JSON value, object keys included, that `problem` finds wrong
 * (textProblem by default), depth first in document order; null when there is none. A key that
 * is itself wrong is named with its wrong characters shown as U+FFFD.
 */
export function findUnstorableText(value: unknown, problem: (text: string) => TextProblem | null = textProblem): UnstorableText | null {
  const path: string[] = [];
  const walk = (v: unknown): UnstorableText | null => {
    if (typeof v === 'string') {
      const found = problem(v);
      return found ? { field: path.length > 0 ? path.join('.') : '_', problem: found } : null;
    }
    if (v === null || typeof v !== 'object') return null;
    const isArray = Array.isArray(v);
    const entries: [string, unknown][] = isArray ? v.map((item, i) => [String(i), item]) : Object.entries(v);
    for (const [key, item] of entries) {
      const keyProblem = isArray ? null : problem(key);
      if (keyProblem) return { field: [...path, shownKey(key)].join('.'), problem: keyProblem };
      path.push(key);
      const found = walk(item);
      path.pop();
      if (found) return found;
    }
    return null;
  };
  return walk(value);
}

const shownKey = (key: string): string => key.toWellFormed().replace(new RegExp(REFUSED_CONTROL.source, 'g'), '\uFFFD');
