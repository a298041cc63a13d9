import { UpdateTerminalSchema } from '#domain/terminals/terminal-rules.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { updateTerminal } from '#server/services/terminals/update-terminal.ts';
import { answer } from '#server/http/answer.ts';

/** PATCH {name, location?, methods} (setting.update): the terminal's details; effective at its next punch. */
export const PATCH = endpoint(async (context) => {
  const input = parseInput(UpdateTerminalSchema, await readJson(context.request));
  const data = await updateTerminal(await getDb(), requireUser(context), parseId(context.params['id']), input);
  return answer('PATCH /api/terminals/{id}', { data, message: translate(context.locals.lang, 'terminals.updated') });
});
