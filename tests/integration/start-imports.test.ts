import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build.mjs';

/**
 * What a serving process loads when it starts (decision 017, idle RSS under 150 MB): the built
 * server's static import graph, from the start-up chunk and Astro's entry, reaches none of the
 * packages that are loaded on demand. The MCP SDK once came in through the command runner and
 * cost ~10 MB of every idle server; pdfkit came with every report page. Dynamic `import()` is
 * not followed: it loads when its code runs.
 */

const ON_DEMAND = ['@modelcontextprotocol/sdk', 'pdfkit', 'exceljs', 'sharp', '@vladmandic/face-api', '@tensorflow/tfjs-backend-wasm'];
const STATIC_IMPORT = /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm;

/** Every module specifier the file at `start` reaches through static imports (chunks followed, packages listed). */
function staticGraph(start: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = m[1] ?? m[2]!;
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
      else packages.add(spec);
    }
  };
  visit(start);
  return { files, packages };
}

describe('the built server at start', () => {
  const server = path.join(distDir, 'server');

  it('loads none of the on-demand packages through static imports of the start-up chunk or the entry', () => {
    for (const start of ['boot.mjs', 'entry.mjs']) {
      const file = path.join(server, start);
      expect(existsSync(file), `${file} (run npm run build)`).toBe(true);
      const { files, packages } = staticGraph(file);
      expect(files.size).toBeGreaterThan(1); // the chunks are followed
      const loaded = [...packages].filter((spec) => ON_DEMAND.some((name) => spec === name || spec.startsWith(`${name}/`)));
      expect(loaded, `${start} reaches ${loaded.join(', ')}`).toEqual([]);
    }
  });

  it('sees a static import where there is one: some chunk of the MCP endpoint and of the PDFs reaches each package', () => {
    const chunks = readdirSync(path.join(server, 'chunks')).map((f) => path.join(server, 'chunks', f));
    for (const name of ['@modelcontextprotocol/sdk', 'pdfkit']) {
      expect(chunks.some((chunk) => [...staticGraph(chunk).packages].some((spec) => spec === name || spec.startsWith(`${name}/`)))).toBe(true);
    }
  });
});
