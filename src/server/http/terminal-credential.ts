import type { APIContext, AstroGlobal } from 'astro';
import { TERMINAL_COOKIE, TERMINAL_HEADER } from '../../domain/terminals/terminal-rules.ts';

/** The terminal credential a request carries: the `jornada_terminal` cookie, else `X-Terminal-Token` (decision 042). */
export function terminalCredentialOf(context: APIContext | AstroGlobal): string | null {
  return context.cookies.get(TERMINAL_COOKIE)?.value ?? context.request.headers.get(TERMINAL_HEADER);
}
