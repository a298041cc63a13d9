import { existsSync, readFileSync } from 'node:fs';
import { ConfigurationError } from './configuration-error.ts';

/** iron-session refuses shorter passwords (and would fail on the first request, not at start). */
const MIN_SESSION_PASSWORD = 32;

/**
 * What is wrong with the text of `DATA_DIR/config.json`, or undefined when instance-config.ts can
 * use it (missing keys are fine: it fills them in on first start). Pure.
 */
export function configTextProblem(text: string): string | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return text.trim() === '' ? 'is empty' : `is not valid JSON (${(error as Error).message})`;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'is not a JSON object';
  const record = data as Record<string, unknown>;
  for (const key of ['sessionPassword', 'pinPepper', 'createdAt']) {
    if (key in record && typeof record[key] !== 'string') return `has a "${key}" that is not a string`;
  }
  const session = record['sessionPassword'];
  if (typeof session === 'string' && session !== '' && session.length < MIN_SESSION_PASSWORD) {
    return `has a "sessionPassword" shorter than ${MIN_SESSION_PASSWORD} characters`;
  }
  return undefined;
}

/**
 * Checks `file` (DATA_DIR/config.json) before instance-config.ts reads it, so a damaged file stops
 * the start with one line naming it rather than a parser's stack. A missing file is fine (created
 * on first start).
 */
export function checkInstanceConfigFile(file: string): void {
  if (!existsSync(file)) return;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): give the user running Jornada access to it.`);
  }
  const problem = configTextProblem(text);
  if (problem) {
    throw new ConfigurationError(
      `${file} ${problem}. It holds the instance secrets (session key, PIN pepper): restore it from a copy or a backup; ` + 'deleting it creates new secrets, which signs everyone out and makes every PIN stop matching.',
    );
  }
}
