import { NON_PAGE_CSP } from './csp.ts';

/**
 * Headers every answer carries. Pages get their Content-Security-Policy from Astro (built from
 * astro.config.mjs `security.csp` with the hashes of the page's inline scripts and styles); any
 * other answer — JSON, files, redirects — gets NON_PAGE_CSP, which lets nothing load or run.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': NON_PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  // geolocation for the app's own pages only: proof of place asks once at an on-site punch (decision 068).
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(self)',
};

export function withSecurityHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) {
      try {
        response.headers.set(name, value);
      } catch {
        // Immutable headers (e.g. a fetched Response): leave as they are.
      }
    }
  }
  return response;
}
