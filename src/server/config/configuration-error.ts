/**
 * A start-up failure the operator causes and fixes (a wrong variable, a damaged config.json): its
 * message says what to do, so it is logged as one line without a stack.
 */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** True for errors whose message is the whole story (no stack in the log). */
export function isConfigurationError(error: unknown): error is ConfigurationError {
  return error instanceof Error && error.name === 'ConfigurationError';
}
