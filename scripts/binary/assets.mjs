// What the single binary embeds besides its code: the client files and the native addons of the
// target, as SEA assets (key -> file) plus one manifest each (see src/binary/*.ts for the readers),
// and the npm packages' data files the server reads at run time (src/server/package-file.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const posix = (p) => p.split(path.sep).join('/');

/**
 * Every file under dist/client as asset `client/<url path>`, and `manifest/client.json` mapping
 * each URL path to its size and a content ETag. Writes the manifest into `workDir`.
 */
export function clientAssets(clientDir, workDir) {
  const assets = {};
  const manifest = {};
  for (const file of walk(clientDir)) {
    const urlPath = '/' + posix(path.relative(clientDir, file));
    const bytes = readFileSync(file);
    assets[`client${urlPath}`] = file;
    manifest[urlPath] = { etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`, size: bytes.length };
  }
  const manifestFile = path.join(workDir, 'client-manifest.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  assets['manifest/client.json'] = manifestFile;
  return { assets, count: Object.keys(manifest).length };
}

/**
 * The native files for `arch` (glibc Linux: the official Node build the binary is made from is
 * glibc), as `{ path, file }`: `path` relative to node_modules (what each package's own loader
 * looks for), `file` where it is read from. Each package comes from the first of `nodeModulesDirs`
 * that has it: a cross build puts the target's sharp packages (scripts/binary/target-packages.mjs)
 * before this machine's node_modules, whose better-sqlite3 and argon2 carry every prebuild.
 */
export function nativeFiles(nodeModulesDirs, arch) {
  const dirs = Array.isArray(nodeModulesDirs) ? nodeModulesDirs : [nodeModulesDirs];
  const pick = (pkg, test) => {
    const base = dirs.find((d) => existsSync(path.join(d, pkg)));
    if (!base) throw new Error(`${pkg} is not installed for linux-${arch} (run npm ci on this machine)`);
    return [...walk(path.join(base, pkg))].map((file) => ({ path: posix(path.relative(base, file)), file })).filter((f) => test(f.path.slice(pkg.length + 1)));
  };
  const files = [
    // lib/ too: the quick_check worker loads the package's JavaScript from the cache (decision 040).
    ...pick('better-sqlite3', (rel) => rel === 'package.json' || rel === 'LICENSE' || rel.startsWith('lib/') || rel === `prebuilds/linux-${arch}.node`),
    ...pick('argon2', (rel) => rel === 'package.json' || rel === 'LICENSE' || (rel.startsWith(`prebuilds/linux-${arch}/`) && rel.endsWith('.glibc.node'))),
    // sharp's addon package and libvips whole: package.json exports, index.cjs, the .node and the .so.
    ...pick(`@img/sharp-linux-${arch}`, (rel) => rel !== '.jornada-target.json'),
    ...pick(`@img/sharp-libvips-linux-${arch}`, (rel) => !rel.includes('/include/') && rel !== '.jornada-target.json'),
  ];
  const paths = files.map((f) => f.path);
  for (const needed of [`better-sqlite3/prebuilds/linux-${arch}.node`, `@img/sharp-linux-${arch}/index.cjs`]) {
    if (!paths.includes(needed)) throw new Error(`missing native file ${needed}`);
  }
  if (!paths.some((p) => p.startsWith('argon2/prebuilds/'))) throw new Error(`argon2 has no prebuild for linux-${arch}`);
  return files;
}

/** Assets `native/<path>` and `manifest/native.json` (content hash = the cache folder's name). */
export function nativeAssets(nodeModulesDirs, arch, workDir) {
  const hash = createHash('sha256');
  const assets = {};
  const files = [];
  for (const { path: rel, file } of nativeFiles(nodeModulesDirs, arch)) {
    hash.update(rel).update('\0').update(readFileSync(file));
    assets[`native/${rel}`] = file;
    files.push({ path: rel, size: statSync(file).size });
  }
  const manifestFile = path.join(workDir, 'native-manifest.json');
  writeFileSync(manifestFile, JSON.stringify({ hash: hash.digest('hex'), files }));
  assets['manifest/native.json'] = manifestFile;
  return { assets, files };
}

/**
 * Data files inside npm packages that the server reads at run time, by package path: the monthly
 * record PDF's two Noto Sans faces (src/server/services/reports/monthly-record-pdf.ts,
 * RECORD_PDF_FONT_FILES). pdfkit itself needs no file: the PDF never uses its standard fonts.
 */
export const PACKAGE_FILES = [
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  // The server's face worker runs face-api's browser bundle (src/server/faces/face-files.ts); its
  // weights and .wasm files are the client's /models files, embedded already.
  '@vladmandic/face-api/dist/face-api.esm.js',
];

/** Assets `package/<path>` (read with sea.getAsset by readPackageFile); no manifest: callers name their files. */
export function packageAssets(nodeModules) {
  const assets = {};
  for (const rel of PACKAGE_FILES) {
    const full = path.join(nodeModules, ...rel.split('/'));
    if (!existsSync(full)) throw new Error(`missing package file ${rel} (run npm ci)`);
    assets[`package/${rel}`] = full;
  }
  return { assets, count: PACKAGE_FILES.length };
}
