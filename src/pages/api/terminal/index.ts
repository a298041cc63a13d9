import { TERMINAL_COOKIE, TERMINAL_HEADER } from '../../../domain/terminals/terminal-rules.ts';
import { getDb } from '../../../server/db/connection.ts';
import { AppError } from '../../../server/http/app-error.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/json.ts';
import { resolveTerminal } from '../../../server/services/terminals/resolve-terminal.ts';

/**
 * Public GET: the calling terminal `{terminal: {id, name, location, methods}}`, and a heartbeat
 * (its last seen time is refreshed, at most every 30 s). 401 `terminal.unknown` without a
 * credential that names a terminal, 401 `terminal.revoked` for a revoked one.
 */
export const GET = endpoint(async (context) => {
  const resolved = await resolveTerminal(await getDb(), context.cookies.get(TERMINAL_COOKIE)?.value ?? context.request.headers.get(TERMINAL_HEADER));
  if (resolved.kind !== 'valid') throw new AppError(resolved.kind === 'revoked' ? 'terminal.revoked' : 'terminal.unknown', 401);
  const { id, name, location, methods } = resolved.terminal;
  return json({ terminal: { id, name, location, methods } }, 200, { 'cache-control': 'no-store' });
});
