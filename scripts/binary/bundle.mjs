// Bundles src/binary/main.ts with the built server (dist/server: boot.mjs, entry.mjs and its
// lazily imported page chunks, plus every npm dependency) into one CommonJS file, the single
// executable's main script. Node 24 runs that script as CommonJS whose `require` loads only
// built-in modules, so the bundle makes `require` a real one first (as Node's SEA docs advise).
import path from 'node:path';
import esbuild from 'esbuild';

/** Packages whose loaders look for native addons next to their own files. */
const NATIVE_PACKAGES = ['better-sqlite3', 'argon2', 'sharp'];

/**
 * Points the native packages' `__dirname` and `import.meta.url` at their extracted copy in the
 * cache (src/binary/native-addons.ts), so each loader finds its addon there unchanged: better-
 * sqlite3 its prebuild, argon2 through node-gyp-build, sharp through `@img/sharp-linux-<arch>`
 * (whose RPATH then finds libvips beside it).
 */
function nativePackagesPlugin(root) {
  const helpers = JSON.stringify(path.join(root, 'src', 'binary', 'native-addons.ts'));
  const pattern = new RegExp(`[\\\\/]node_modules[\\\\/](${NATIVE_PACKAGES.join('|')})[\\\\/](.+)\\.(c?js|mjs)$`);
  return {
    name: 'jornada-native-packages',
    setup(build) {
      build.onLoad({ filter: pattern }, async (args) => {
        const fs = await import('node:fs/promises');
        const [, pkg, relNoExt, ext] = args.path.match(pattern);
        const rel = `${relNoExt.split(path.sep).join('/')}.${ext}`;
        let source = await fs.readFile(args.path, 'utf8');
        const usesDir = /\b__dirname\b/.test(source);
        const usesUrl = source.includes('import.meta.url');
        if (!usesDir && !usesUrl) return undefined;
        const esm = ext === 'mjs' || /^\s*(import|export)\s/m.test(source);
        const dir = JSON.stringify(path.posix.dirname(rel));
        source = source
          .replace(/\b__dirname\b/g, `__jornadaNative.packagePath(${JSON.stringify(pkg)}, ${dir})`)
          .replaceAll('import.meta.url', `__jornadaNative.packageUrl(${JSON.stringify(pkg)}, ${JSON.stringify(rel)})`);
        const header = esm ? `import * as __jornadaNative from ${helpers};\n` : `const __jornadaNative = require(${helpers});\n`;
        return { contents: header + source, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** Writes the bundle to `outfile`; returns esbuild's warnings. */
export async function bundle({ root, distDir, outfile }) {
  const serverDir = path.join(distDir, 'server');
  const entry = [
    `import { main } from ${JSON.stringify(path.join(root, 'src', 'binary', 'main.ts'))};`,
    'main({',
    `  loadBoot: () => import(${JSON.stringify(path.join(serverDir, 'boot.mjs'))}),`,
    `  loadEntry: () => import(${JSON.stringify(path.join(serverDir, 'entry.mjs'))}),`,
    '}).catch((error) => { console.error(error); process.exit(1); });',
  ].join('\n');
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: root, sourcefile: 'jornada-binary.mjs', loader: 'js' },
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    outfile,
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'error',
    // No import() survives: with the SEA code cache (and without a module loader callback) it
    // would throw ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING. esbuild turns the rest into require().
    supported: { 'dynamic-import': false },
    banner: { js: 'require = require("node:module").createRequire(__filename);' },
    // Astro's node adapter walks up from import.meta.url to a "server" folder to find dist/client.
    // In the binary the client files are SEA assets (src/binary/static-assets.ts answers them
    // first), so it is given a folder that does not exist and its own static handler finds nothing.
    define: { 'import.meta.url': JSON.stringify('file:///nonexistent/jornada-binary/server/entry.mjs') },
    // Browser-only: the kiosk island imports face-api in the browser; the server never calls it.
    external: ['@vladmandic/face-api'],
    plugins: [nativePackagesPlugin(root)],
  });
  return result.warnings;
}
