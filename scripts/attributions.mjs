// Lists the open-source packages the app ships (production dependencies, recursively) with
// their licences, for the settings page's "Attributions". Written to dist/client/attributions.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function readPackage(dir) {
  const file = path.join(dir, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Node's resolution: the nearest node_modules/<name> walking up from `from`. */
function locate(name, from, root) {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root) return undefined;
    dir = path.dirname(dir);
  }
}

function licenseOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  return 'UNKNOWN';
}

export function collectAttributions(root) {
  const seen = new Map();
  const queue = Object.keys(readPackage(root).dependencies ?? {}).map((name) => [name, root]);
  while (queue.length) {
    const [name, from] = queue.shift();
    const dir = locate(name, from, root);
    if (!dir) continue;
    const pkg = readPackage(dir);
    const key = `${pkg.name}@${pkg.version}`;
    if (seen.has(key)) continue;
    const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    seen.set(key, { name: pkg.name, version: pkg.version, license: licenseOf(pkg), author: typeof pkg.author === 'string' ? pkg.author : (pkg.author?.name ?? null), repository: repository ?? null });
    for (const dep of Object.keys(pkg.dependencies ?? {})) queue.push([dep, dir]);
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

export function writeAttributions(root, distDir) {
  const out = path.join(distDir, 'client', 'attributions.json');
  writeFileSync(out, JSON.stringify(collectAttributions(root)));
  return out;
}
