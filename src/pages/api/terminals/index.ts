import * as v from 'valibot';
import { CreateTerminalSchema } from '#domain/terminals/terminal-rules.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { createTerminal } from '#server/services/terminals/create-terminal.ts';
import { listTerminals } from '#server/services/terminals/list-terminals.ts';
import { answer } from '#server/http/answer.ts';

/** GET (setting.read): the company's clock terminals with last seen and punches today (decision 042). */
export const GET = endpoint(async (context) => {
  const data = await listTerminals(await getDb(), requireUser(context));
  return answer('GET /api/terminals', { data, total: data.length });
});

/**
 * POST {name, location?, methods} (setting.update) -> 201 `{data, pairingCode, pairingExpiresAt,
 * message}`: the only time the one-time code is shown (stored as SHA-256).
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(CreateTerminalSchema, await readJson(context.request)) as v.InferOutput<typeof CreateTerminalSchema>;
  const created = await createTerminal(await getDb(), requireUser(context), input);
  return answer('POST /api/terminals', { ...created, message: translate(context.locals.lang, 'terminals.created') });
});
