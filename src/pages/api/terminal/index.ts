import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { terminalCredentialOf } from '#server/http/terminal-credential.ts';
import { requireTerminal } from '#server/services/terminals/resolve-terminal.ts';
import { answer } from '#server/http/answer.ts';

/**
 * Public GET: the calling terminal `{terminal: {id, name, location, methods}}`, and a heartbeat
 * (its last seen time is refreshed, at most every 30 s). 401 `terminal.unknown` without a
 * credential that names a terminal, 401 `terminal.revoked` for a revoked one.
 */
export const GET = endpoint(async (context) => {
  const { id, name, location, methods } = await requireTerminal(await getDb(), terminalCredentialOf(context));
  return answer('GET /api/terminal', { terminal: { id, name, location, methods } }, { 'cache-control': 'no-store' });
});
