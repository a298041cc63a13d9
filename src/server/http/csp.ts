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
  // The clock terminal's face worker (decision 030): a module worker from /_astro/, same origin.
  "worker-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
] as const;

export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of the clock terminal's face worker script (decision 030). A worker runs under the
 * policy its script is served with, not the page's: NON_PAGE_CSP would stop it fetching the models.
 * It may fetch from this server (the models under /models) and compile WebAssembly (tfjs probes
 * it); nothing else.
 */
export const FACE_WORKER_CSP = "default-src 'none'; connect-src 'self'; script-src 'self' 'wasm-unsafe-eval'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of the personal area's service worker (`/sw.js`, decision 071), which, like any
 * worker, runs under its script's policy: it fetches this server's pages and files to keep them
 * (connect-src 'self') and nothing else.
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The open export's offline verifier page (`public/record-format/verify.html`, decision 084): its
 * script is the same-origin file beside it, its one inline style allowed by hash
 * (tests/unit/record-verifier-page.test.ts recomputes it); it connects nowhere, so the export it
 * reads stays in the browser.
 */
export const VERIFIER_PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'sha256-mVMFZ3ik4BS4VR4dYUiTFaABxT/8846zLCCIDWzXHPs='; connect-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The face worker's bundle as Vite names it (`face-worker.ts` under /_astro/, with its hash). */
const FACE_WORKER_PATH = /^\/_astro\/face-worker-[\w-]+\.js$/;

/** The policy an answer to `path` gets unless the app sets its own (pages do). */
export function defaultCsp(path: string): string {
  if (path === '/sw.js') return SERVICE_WORKER_CSP;
  if (path === '/record-format/verify.html') return VERIFIER_PAGE_CSP;
  return FACE_WORKER_PATH.test(path) ? FACE_WORKER_CSP : NON_PAGE_CSP;
}

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
