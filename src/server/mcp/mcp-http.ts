import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Language } from '#i18n/languages.ts';
import type { ApiExecutor } from './api-executor.ts';
import { createMcpServer } from './mcp-server.ts';

/**
 * One `/api/mcp` request (decision 096), stateless: a new MCP server and streamable HTTP transport
 * per request, no session id, so any app server answers any request. Every answer is JSON in one
 * piece (`enableJsonResponse`): tools answer once, nothing streams. `body` is the JSON the endpoint
 * already read within the API's limits.
 */
export async function answerMcpRequest(request: Request, body: unknown, executor: ApiExecutor, lang: Language): Promise<Response> {
  const server = createMcpServer(executor, lang);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    await transport.close();
    await server.close();
  }
}
