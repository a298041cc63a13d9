import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { looksLikeApiToken } from '#domain/api-tokens/api-tokens.ts';
import { isLanguage, DEFAULT_LANGUAGE } from '#i18n/languages.ts';
import { readEnvironment } from '../config/environment.ts';
import { httpExecutor } from './api-executor.ts';
import { createMcpServer } from './mcp-server.ts';

/** `--url URL` or `--url=URL` among the command's arguments. */
export function urlOption(args: readonly string[]): string | undefined {
  const at = args.findIndex((a) => a === '--url' || a.startsWith('--url='));
  if (at < 0) return undefined;
  return args[at]!.startsWith('--url=') ? args[at]!.slice('--url='.length) : args[at + 1];
}

/**
 * `jornada mcp` (decision 096): the MCP server on stdin/stdout for an assistant on this machine,
 * against a running Jornada (`--url`, else JORNADA_URL, else this machine's configured port).
 * The token comes only from JORNADA_API_TOKEN, never an argument (`ps` would show it). Stdout
 * carries nothing but JSON-RPC; these lines go to stderr. Ends when the client closes stdin.
 */
export async function mcpCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const token = env['JORNADA_API_TOKEN'];
  if (!looksLikeApiToken(token)) {
    console.error('jornada mcp needs an API token in JORNADA_API_TOKEN (jt_…, made in Settings › API tokens); it is never read from the command line.');
    return 2;
  }
  const baseUrl = urlOption(args) ?? env['JORNADA_URL'] ?? `http://127.0.0.1:${readEnvironment(env).values.port}`;
  try {
    const parsed = new URL(baseUrl);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    console.error(`jornada mcp: ${baseUrl} is not an http(s) address of a Jornada server (--url or JORNADA_URL).`);
    return 2;
  }
  const asked = env['JORNADA_LANG'];
  const lang = isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
  const server = createMcpServer(httpExecutor({ baseUrl, token: token!, lang }), lang);
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  console.error(`Jornada MCP server on stdio, for ${baseUrl}.`);
  await ended;
  await server.close();
  return 0;
}
