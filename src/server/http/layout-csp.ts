import { schemaCss } from '../../domain/theme/schemas.ts';
import { prePaintScript } from '../../lib/theme/pre-paint.ts';
import { addCspHashes, cspHash } from './csp.ts';

let hashes: { script: string[]; style: string[] } | undefined;

/**
 * Allows BaseLayout's two inline blocks — the pre-paint theme script and the theme colour
 * variables — in a page's Content-Security-Policy by their hashes. Astro hashes only the scripts
 * and styles it bundles, and its runtime API (`Astro.csp`) cannot reach the header from a layout
 * once the page has started streaming, so the middleware adds them to the finished header.
 */
export function withLayoutHashes(response: Response): Response {
  const policy = response.headers.get('content-security-policy');
  if (!policy) return response;
  hashes ??= { script: [cspHash(prePaintScript())], style: [cspHash(schemaCss())] };
  try {
    response.headers.set('content-security-policy', addCspHashes(policy, hashes));
  } catch {
    // Immutable headers: leave the answer as it is.
  }
  return response;
}
