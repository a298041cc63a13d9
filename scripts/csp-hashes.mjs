// Build-time Content-Security-Policy hashes for inline styles that libraries insert at run time
// (decision 016). sonner (the toasts) appends its stylesheet as a <style> element when its module
// loads; the policy allows exactly that text by its SHA-256. If a sonner update changes how the
// text is embedded, the build fails here, and the CSP e2e test would catch a changed text.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @returns {`sha256-${string}`[]} */
export function libraryStyleHashes() {
  const source = readFileSync(path.join(root, 'node_modules', 'sonner', 'dist', 'index.mjs'), 'utf8');
  const match = source.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/);
  if (!match) throw new Error('scripts/csp-hashes.mjs: the stylesheet sonner inserts was not found');
  const css = JSON.parse(match[1]);
  return [`sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`];
}
