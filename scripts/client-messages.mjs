// The browser's messages (decision 098): each client module carries the messages of the keys it
// names. A Vite plugin, in the client build only, finds the key literals of every module of src/
// (message keys are literal strings, never template strings: tests/unit/i18n-usage.test.ts) and
// prepends to the module a call that hands their messages, with their plural and context forms
// (`key_one`, `key_other`, `key_openFrom`), to src/i18n/client-messages.ts. A page therefore
// loads the messages of exactly the modules it loads (a lazy form's with the form), in the same
// files; the server keeps the whole catalog (src/i18n/resources.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LANGUAGES = /** @type {const} */ (['es', 'en']);
const catalogFile = (lang) => path.join(root, 'src', 'i18n', `${lang}.json`);
const providerFile = path.join(root, 'src', 'i18n', 'client-messages.ts');

/** A quoted literal shaped like a key: `ns.key`, `ns.group.key_one` (quotes ', " or `). */
const KEY_LITERAL = /['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g;

/** Every quoted literal of `code` shaped like a key. */
export function keyLiterals(code) {
  return new Set([...code.matchAll(KEY_LITERAL)].map((m) => m[1]));
}

/** A catalog's leaves as `dotted.key -> message`. */
export function flatten(value, prefix = '', out = new Map()) {
  if (typeof value !== 'object' || value === null) {
    out.set(prefix, value);
    return out;
  }
  for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/**
 * A catalog ready for look-ups: its leaves, and for each key the forms i18next picks by `count` or
 * `context` (`a.b_one`, `a.b_other`, `a.b_openFrom`, `a.b_openFrom_one`) under every base they may
 * be asked by (`a.b`, `a.b_openFrom`).
 */
export function indexCatalog(catalog) {
  const leaves = flatten(catalog);
  const forms = new Map();
  for (const key of leaves.keys()) {
    const dot = key.lastIndexOf('.');
    for (let i = key.indexOf('_', dot + 1); i > dot + 1; i = key.indexOf('_', i + 1)) {
      const base = key.slice(0, i);
      if (!forms.has(base)) forms.set(base, []);
      forms.get(base).push(key);
    }
  }
  return { leaves, forms };
}

/** The keys of `index` that `literals` can ask for: each literal that is a key, and its forms. */
export function keysFor(literals, index) {
  const keys = new Set();
  for (const literal of literals) {
    if (index.leaves.has(literal)) keys.add(literal);
    for (const form of index.forms.get(literal) ?? []) keys.add(form);
  }
  return [...keys].sort();
}

/** The nested messages (as in es.json) of `keys`. */
export function pick(keys, index) {
  const out = {};
  for (const key of keys) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    node[parts.at(-1)] = index.leaves.get(key);
  }
  return out;
}

/** Both languages' catalogs, indexed. */
export function loadCatalogs() {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, indexCatalog(JSON.parse(readFileSync(catalogFile(lang), 'utf8')))]));
}

/** `{es: {...}, en: {...}}`: the messages a module of source `code` can ask for, or null if none. */
export function moduleMessages(code, catalogs) {
  const literals = keyLiterals(code);
  const out = {};
  let any = false;
  for (const lang of LANGUAGES) {
    const keys = keysFor(literals, catalogs[lang]);
    if (keys.length) any = true;
    out[lang] = pick(keys, catalogs[lang]);
  }
  return any ? out : null;
}

/** Whether a module id is client source of ours the plugin gives messages to. */
function isOurSource(id) {
  const file = id.split('?')[0];
  if (!file.startsWith(path.join(root, 'src') + path.sep) || file === providerFile) return false;
  // An .astro file's <script> is its own module (`File.astro?astro&type=script&index=0&lang.ts`).
  return /\.(ts|tsx|js|mjs|jsx)$/.test(file) || (file.endsWith('.astro') && id.includes('type=script'));
}

/**
 * The Vite plugin: in the client environment, prepends to each module of src/ that names keys the
 * call that provides their messages. The server environment is left alone.
 * @returns {import('vite').Plugin}
 */
export function clientMessages() {
  let catalogs;
  return {
    name: 'jornada:client-messages',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      catalogs = loadCatalogs();
    },
    watchChange(id) {
      if (LANGUAGES.some((lang) => path.resolve(id) === catalogFile(lang))) catalogs = loadCatalogs();
    },
    transform(code, id) {
      if (!isOurSource(id)) return null;
      catalogs ??= loadCatalogs();
      // A catalog change gives the module other messages (`astro dev` transforms it again).
      for (const lang of LANGUAGES) this.addWatchFile(catalogFile(lang));
      const messages = moduleMessages(code, catalogs);
      if (!messages) return null;
      // One line first, so the module's own lines keep their numbers.
      const provide = `import { provideMessages as __jornadaProvideMessages } from ${JSON.stringify(providerFile)};__jornadaProvideMessages(${JSON.stringify(messages)});`;
      return { code: provide + code, map: null };
    },
  };
}
