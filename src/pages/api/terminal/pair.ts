import { PairTerminalSchema, TERMINAL_COOKIE, TERMINAL_COOKIE_SECONDS } from '#domain/terminals/terminal-rules.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { pairTerminal } from '#server/services/terminals/pair-terminal.ts';
import { answer } from '#server/http/answer.ts';

/**
 * Public POST {code, device?} -> 200 `{terminal: {id, name, location, methods}, message}` and the
 * credential in the HttpOnly cookie `jornada_terminal` (decision 042); with `device: true` the
 * body carries `credential` too, for clients that send it back as `X-Terminal-Token`. A bad code: 422 `terminals.codeInvalid`; too many: 429.
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const { code, device } = parseInput(PairTerminalSchema, await readJson(context.request));
  const paired = await pairTerminal(db, code, terminalAddress(context, await getSettings(db)));
  context.cookies.set(TERMINAL_COOKIE, paired.credential, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: TERMINAL_COOKIE_SECONDS,
    secure: context.url.protocol === 'https:',
  });
  return answer('POST /api/terminal/pair', { terminal: paired.terminal, ...(device ? { credential: paired.credential } : {}), message: translate(context.locals.lang, 'terminals.pairedDone') });
});
