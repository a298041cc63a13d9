import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy hash source of an inline script or style, for Astro's CSP runtime
 * API (`Astro.csp.insertScriptHash` / `insertStyleHash`): the SHA-256 of the exact text the page
 * renders between the tags.
 */
export function cspHash(inlineText: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(inlineText, 'utf8').digest('base64')}`;
}

/**
 * Directives besides script-src and style-src (which Astro writes with the hashes of its own
 * scripts and styles; see astro.config.mjs). Also the policy of answers that are not pages
 * (JSON, files, redirects), with `default-src 'none'` since those render nothing.
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
] as const;

export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Adds hash sources to the `script-src` and `style-src` directives of a policy (Astro's page
 * policy). A directive that is missing is left missing (nothing is loosened), and one that allows
 * 'unsafe-inline' is left alone, since a hash there would switch 'unsafe-inline' off.
 */
export function addCspHashes(policy: string, hashes: { script?: readonly string[]; style?: readonly string[] }): string {
  return policy
    .split(';')
    .map((part) => {
      const name = part.trim().split(/\s+/)[0];
      const extra = name === 'script-src' ? hashes.script : name === 'style-src' ? hashes.style : undefined;
      if (!extra?.length || part.includes("'unsafe-inline'")) return part;
      const missing = extra.map((h) => `'${h}'`).filter((h) => !part.includes(h));
      return missing.length ? `${part.trimEnd()} ${missing.join(' ')}` : part;
    })
    .join(';');
}
