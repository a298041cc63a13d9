// @ts-check
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

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
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: 4321, host: true },
  // Cross-site requests are refused by our middleware (src/server/http/same-origin.ts), which
  // also serves API clients that send no Origin header.
  security: { checkOrigin: false },
  vite: {
    plugins: [tailwindcss(), bootChunk()],
    ssr: { external: ['better-sqlite3', 'argon2'] },
  },
});
