/**
 * A write the data layer refuses for a rule it guards where the record is written (a locked
 * period, a day already taken). db/ is the bottom layer and imports no HTTP: the edge
 * (`asAppError` in src/server/http/json.ts) answers it as its own error type with the same fields.
 * `code` is an i18n key, `params` its values, `fields` maps input fields to i18n keys.
 */
export class WriteRefused extends Error {
  constructor(
    readonly code: string,
    readonly status: 409 | 422,
    readonly params: Record<string, unknown> = {},
    readonly fields: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'WriteRefused';
  }
}
