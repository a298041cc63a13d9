import * as v from 'valibot';
import { contract } from '../contract.ts';

/**
 * The MCP server over streamable HTTP (issue 41.6, decision 096). It speaks JSON-RPC 2.0 (the
 * Model Context Protocol): the body and the answer are JSON-RPC messages, read and written by the
 * MCP SDK, so they are described loosely here; the tools themselves are listed by `tools/list`.
 */
const JsonRpcMessage = v.pipe(v.looseObject({ jsonrpc: v.literal('2.0') }), v.description('A JSON-RPC 2.0 message of the Model Context Protocol (initialize, tools/list, tools/call, notifications).'));

export const MCP_CONTRACTS = {
  'POST /api/mcp': contract({
    summary: 'MCP server (streamable HTTP, stateless): tools for AI assistants, run through this API with the same API token',
    body: JsonRpcMessage,
    // A request answers its JSON-RPC result (JSON, never a stream: the server answers in one piece);
    // a notification or a client's result answers 202 without a body.
    answer: JsonRpcMessage,
    errors: [400, 413],
  }),
} as const;
