import { bearerOf } from '#server/auth/api-token.ts';
import { AppError } from '#server/http/app-error.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { answerMcpRequest } from '#server/mcp/mcp-http.ts';
import { loopbackExecutor } from '#server/mcp/own-address.ts';

/**
 * POST the MCP server's JSON-RPC messages (streamable HTTP, stateless; decision 096). Only an API
 * token reaches it (an assistant acts with a token its user made and can revoke): a session is
 * refused with 403 `tokens.mcpTokenOnly`. Each tool call is a request to this API with the same
 * token, under that endpoint's own authority, record scope and audit.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const token = bearerOf(context.request);
  if (user.apiTokenId === undefined || !token) throw new AppError('tokens.mcpTokenOnly', 403);
  const body = await readJson(context.request);
  const lang = context.locals.lang;
  return answerMcpRequest(context.request, body, loopbackExecutor({ requestOrigin: context.url.origin, token, lang }), lang);
});
