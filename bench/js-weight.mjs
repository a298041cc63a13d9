// JavaScript shipped to the browser against docs/architecture.md: under 150 KB gzipped for an admin list
// page, and the face models (face-api and /models) only on pages that use them.
//
// Signs in as the demo administrator, fetches each page's server-rendered HTML and collects every
// script it loads: inline <script>s, `src`, `component-url`, `renderer-url`,
// `before-hydration-url` and modulepreload links under /_astro/, then each file's static import
// graph read from <distDir>/client/_astro. The weight is the sum of each file's gzip size
// (zlib's default level, what a compressing proxy would send) plus the inline scripts'. The face
// check follows dynamic imports too: no admin page may reach a face-api chunk or name /models/.
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/js-weight.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir } from '../scripts/build.mjs';
import { LIST_PAGES } from './employee-list.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';
import { isMain, runAlone } from './lib/standalone.mjs';

const BUDGET_KB = 150;
const ADMIN_PAGES = [...LIST_PAGES, '/dashboard', '/reports/employee-attendance', '/reports/employee-list', '/setting'];
/** Pages allowed to load the face models: the kiosk and the employee details page (photo enrolment). */
const FACE_PAGES = ['/clock', '/employee-details/1'];

const ASSET = /(?:src|component-url|renderer-url|before-hydration-url|href)="(\/_astro\/[^"]+\.js)"/g;
const INLINE = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
// `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"` (minified or not), never `import(`.
// Minified chunks quote with ", ' or a backtick.
const STATIC_IMPORT = /(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'`]([^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

const gz = (text) => gzipSync(text).length;

function resolveAsset(from, spec) {
  if (spec.startsWith('/_astro/')) return spec;
  return path.posix.join(path.posix.dirname(from), spec);
}

/** Files reachable from `entries` (static imports only, or with dynamic ones too). */
function graph(entries, withDynamic) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(distDir, 'client', file), 'utf8');
    for (const re of withDynamic ? [STATIC_IMPORT, DYNAMIC_IMPORT] : [STATIC_IMPORT]) {
      for (const m of code.matchAll(re)) if (m[1].startsWith('.') || m[1].startsWith('/_astro/')) queue.push(resolveAsset(file, m[1]));
    }
  }
  return [...seen];
}

/** Whether a set of files (and the page's HTML) can bring in the face models. */
function usesFaceModels(html, files) {
  if (html.includes('/models/')) return true;
  return files.some((f) => /face-api/.test(f) || readFileSync(path.join(distDir, 'client', f), 'utf8').includes('/models/'));
}

export async function measurePage(url, headers, page) {
  const res = await fetch(url + page, { headers: { ...headers, accept: 'text/html' }, redirect: 'manual' });
  if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
  const html = await res.text();
  const entries = [...new Set([...html.matchAll(ASSET)].map((m) => m[1]))];
  const inline = [...html.matchAll(INLINE)].map((m) => m[1]).filter((s) => s.trim() !== '');
  const files = graph(entries, false);
  const fileBytes = files.map((f) => readFileSync(path.join(distDir, 'client', f)));
  const gzipped = fileBytes.reduce((sum, b) => sum + gz(b), 0) + inline.reduce((sum, s) => sum + gz(s), 0);
  const raw = fileBytes.reduce((sum, b) => sum + b.length, 0) + inline.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  const largest = files
    .map((f, i) => ({ file: path.posix.basename(f), gzipKb: Number((gz(fileBytes[i]) / 1024).toFixed(1)) }))
    .sort((a, b) => b.gzipKb - a.gzipKb)
    .slice(0, 6);
  return { page, files: files.length, inline: inline.length, gzipKb: gzipped / 1024, rawKb: raw / 1024, largest, face: usesFaceModels(html, graph(entries, true)) };
}

export async function run({ server: shared, log = console.log } = {}) {
  const server = shared ?? (await startServer('bench-js'));
  try {
    const headers = await demoHeaders(server.url);
    const pages = [];
    for (const page of ADMIN_PAGES) pages.push(await measurePage(server.url, headers, page));
    const face = [];
    for (const page of FACE_PAGES) face.push(await measurePage(server.url, headers, page));
    const heaviest = pages.reduce((a, b) => (b.gzipKb > a.gzipKb ? b : a));
    const lightest = pages.reduce((a, b) => (b.gzipKb < a.gzipKb ? b : a));
    const leaking = pages.filter((p) => p.face).map((p) => p.page);
    log(`js weight: ${pages.length} admin pages, ${pages.map((p) => `${p.page} ${p.gzipKb.toFixed(0)}`).join(', ')} KB gz`);
    return [
      {
        budget: 7,
        name: `JS to an admin list page, gzipped (heaviest of ${pages.length}: ${heaviest.page})`,
        measured: heaviest.gzipKb,
        limit: BUDGET_KB,
        unit: 'KB',
        direction: 'max',
        detail: `${heaviest.files} files + ${heaviest.inline} inline, ${heaviest.rawKb.toFixed(0)} KB raw, largest ${heaviest.largest
          .slice(0, 4)
          .map((f) => `${f.file.replace(/\.[\w-]+\.js$/, '')} ${f.gzipKb.toFixed(0)}`)
          .join(', ')}; lightest ${lightest.page} ${lightest.gzipKb.toFixed(0)} KB`,
        extra: { pages, facePages: face },
      },
      {
        budget: 7,
        name: 'Admin pages that can load the face models',
        measured: leaking.length,
        limit: 1,
        unit: 'pages',
        direction: 'max',
        detail: `${leaking.length ? `leaking: ${leaking.join(', ')}; ` : ''}face models reachable from ${
          face
            .filter((p) => p.face)
            .map((p) => p.page)
            .join(', ') || 'no page (check the detection)'
        }; /clock ${face[0].gzipKb.toFixed(0)} KB gz before models`,
      },
    ];
  } finally {
    if (!shared) await server.stop();
  }
}

if (isMain(import.meta.url)) runAlone(run);
