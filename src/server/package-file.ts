/**
 * The bytes of a data file shipped inside an npm package (the PDF's fonts), named by its package
 * path ("@scope/pkg/dir/file.ttf"). Under `npm start` it is read from node_modules. The single
 * binary has no node_modules: there the file is the SEA asset `package/<path>`, embedded by
 * scripts/binary/assets.mjs (PACKAGE_FILES lists them; a file missing from that list fails here
 * with the asset's name, and the binary smoke test downloads a PDF to catch it).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const PACKAGE_ASSET_PREFIX = 'package/';

export function readPackageFile(packagePath: string): Buffer {
  const sea = process.getBuiltinModule('node:sea');
  // getAsset copies (the raw asset is the executable's own read-only memory); callers keep the bytes.
  if (sea?.isSea()) return Buffer.from(sea.getAsset(PACKAGE_ASSET_PREFIX + packagePath));
  return readFileSync(createRequire(import.meta.url).resolve(packagePath));
}
