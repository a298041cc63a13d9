import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import pkg from '#package.json';
import type { ApiExecutor } from './api-executor.ts';
import { prepareToolCall, toolInputSchema } from './tool-input.ts';
import { MCP_TOOLS, mcpTool } from './tool-table.ts';

/**
 * The MCP server of Jornada (issue 41.6, decision 096), the same for `/api/mcp` and `jornada mcp`:
 * it lists the tool table and runs a call as one API request through `executor`. The SDK's
 * low-level `Server` is used because the input schemas are JSON Schema built from the endpoints'
 * valibot contracts (`McpServer` wants zod schemas, which would be a second description).
 * Outcomes are tool results: the API's answer as JSON text, or `isError` with the translated
 * message (bad arguments: nothing was sent; a refusal: the API's own message).
 */
export function createMcpServer(executor: ApiExecutor, lang: Language): Server {
  // The low-level Server (marked deprecated for plain uses): JSON Schema tools need it, see above.
  const server = new Server({ name: 'jornada', version: pkg.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: MCP_TOOLS.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: toolInputSchema(tool) as { type: 'object' } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = mcpTool(request.params.name);
    if (!tool) return failure(translate(lang, 'errors.notFound'));
    const prepared = prepareToolCall(tool, request.params.arguments);
    if (!prepared.ok) {
      const lines = Object.entries(prepared.fields).map(([field, key]) => `${field}: ${translate(lang, key)}`);
      return failure([translate(lang, 'validation.invalidInput'), ...lines].join('\n'));
    }
    const { status, body } = await executor.execute(prepared.request);
    if (status >= 400) return failure(refusalText(status, body));
    const answer = tool.pick ? tool.pick(body) : body;
    return { content: [{ type: 'text', text: JSON.stringify(answer ?? null) }] };
  });
  return server;
}

function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** The API's refusal as the assistant reads it: the translated message, then each field's. */
function refusalText(status: number, body: unknown): string {
  if (!body || typeof body !== 'object') return `${status}: ${typeof body === 'string' ? body.slice(0, 500) : ''}`.trim();
  const { message, errors } = body as { message?: unknown; errors?: Record<string, unknown> };
  const lines = Object.entries(errors ?? {}).map(([field, text]) => `${field}: ${String(text)}`);
  return [`${status}: ${typeof message === 'string' ? message : ''}`, ...lines].join('\n');
}
