// @ts-check
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { MAX_REQUEST_BYTES } from './src/server/http/body-limits.ts';
import { CSP_DIRECTIVES } from './src/server/http/csp.ts';
import { clientMessages } from './scripts/client-messages.mjs';
import { libraryStyleHashes } from './scripts/csp-hashes.mjs';

const bootEntry = fileURLToPath(new URL('./src/server/boot.ts', import.meta.url));

/**
 * Emits `dist/server/boot.mjs` beside Astro's `entry.mjs` in the server build. The launcher
 * (scripts/start.mjs) imports it before serving to migrate the database and create the first
 * account; because it is a chunk of the same build, it shares one database connection and one
 * instance configuration with the pages.
 * @returns {import('vite').Plugin}
 */
function bootChunk() {
  return {
    name: 'jornada:boot-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      this.emitFile({ type: 'chunk', id: bootEntry, fileName: 'boot.mjs' });
    },
  };
}

export default defineConfig({
  output: 'server',
  outDir: process.env.JORNADA_DIST || './dist',
  // The hard cap on request bodies (body-limits.ts): a chunked body is cut off there.
  adapter: node({ mode: 'standalone', bodySizeLimit: MAX_REQUEST_BYTES }),
  integrations: [react()],
  // The help pages' Markdown (docs/, decision 076): code blocks stay plain text in the app's colours.
  markdown: { syntaxHighlight: false },
  server: { port: 4321, host: true },
  // Cross-site requests are refused by our middleware (src/server/http/same-origin.ts), which
  // also serves API clients that send no Origin header.
  security: {
    checkOrigin: false,
    // Content-Security-Policy header on every page (decision 016): Astro adds the hashes of its
    // own scripts and styles (island hydration, bundled CSS) to script-src and style-src; the
    // layout adds the hashes of its two inline blocks. Style attributes (server-rendered React and
    // Astro `style=`) need style-src-attr 'unsafe-inline'; <style> elements stay hash-only.
    csp: {
      algorithm: 'SHA-256',
      directives: [...CSP_DIRECTIVES],
      // 'wasm-unsafe-eval' lets WebAssembly compile (not JavaScript eval): tfjs in face-api probes
      // WebAssembly support on the clock and the photo enrolment pages.
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      styleDirective: {
        resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }],
        hashes: libraryStyleHashes(),
      },
    },
  },
  vite: {
    // clientMessages: each client module brings the messages of the keys it names (decision 098).
    plugins: [tailwindcss(), bootChunk(), clientMessages()],
    // lucide-react and kysely are bundled (tree-shaken) rather than imported from node_modules at
    // run time: their hundreds of ES modules cost ~40 MB of resident memory (decision 017).
    ssr: { external: ['better-sqlite3', 'argon2'], noExternal: ['lucide-react', 'kysely'] },
  },
});
