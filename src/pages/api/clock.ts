import type { APIRoute } from 'astro';
import { clockAnswer } from '../../server/clock/clock-answer.ts';
import { readJson } from '../../server/http/json.ts';
import { peerAddress } from '../../server/http/terminal-address.ts';
import { terminalCredentialOf } from '../../server/http/terminal-credential.ts';

/**
 * Public clock punch: see clockAnswer (src/server/clock/clock-answer.ts) for the contract. Most
 * punches are answered by the fast path in serve.ts before Astro (decision 017); this route
 * answers those it leaves to Astro (a request carrying a session) with the same code.
 */
export const POST: APIRoute = async (context) => {
  const { status, headers, body } = await clockAnswer({
    peerAddress: peerAddress(context),
    forwardedFor: context.request.headers.get('x-forwarded-for'),
    lang: context.locals.lang,
    terminalCredential: terminalCredentialOf(context),
    readBody: () => readJson(context.request),
    accountType: context.locals.user?.accountType,
    userAgent: context.request.headers.get('user-agent') ?? undefined,
  });
  return new Response(body, { status, headers });
};
