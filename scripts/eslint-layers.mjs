// The layering as lint rules (docs/architecture.md "Layers", decision 064). Every import — static,
// `export … from`, dynamic `import()` and `import('…')` types — is resolved to a path in the
// repository, whether written relative or through package.json "imports" (#domain/*, #server/*, …),
// and checked against the layer of the importing file:
// - the domain imports only the domain and i18n (npm packages and node: built-ins are not paths);
// - islands (src/components/**/*.tsx) and the browser helpers (src/lib/client/) never import the
//   server;
// - db (src/server/db/) is the bottom layer: never a service, the HTTP edge, auth or the other
//   server concerns above it; of the clock only the business clock (clock/now.ts), a leaf.
// `no-deep-relative-import` keeps the aliases in use: a relative import may climb at most two folders.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const aliases = Object.entries(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {});

const toRepo = (absolute) => path.relative(root, absolute).split(path.sep).join('/');

/** The repository path (posix, from the root) an import names, or null for a package or built-in. */
export function resolveImport(specifier, fromFile) {
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
    return toRepo(path.resolve(path.dirname(fromFile), specifier));
  }
  if (specifier.startsWith('#')) {
    for (const [key, target] of aliases) {
      if (typeof target !== 'string') continue;
      if (key.endsWith('*') ? specifier.startsWith(key.slice(0, -1)) : specifier === key) {
        return toRepo(path.resolve(root, key.endsWith('*') ? target.replace('*', specifier.slice(key.length - 1)) : target));
      }
    }
    return null;
  }
  return path.isAbsolute(specifier) ? toRepo(specifier) : null;
}

const within = (target, folder) => target === folder || target.startsWith(`${folder}/`);

/** Each layer: which files it holds and which import targets it refuses, with the reason shown. */
export const LAYERS = [
  {
    holds: (file) => within(file, 'src/domain'),
    refuses: (target) => !within(target, 'src/domain') && !within(target, 'src/i18n'),
    message: 'the domain imports only src/domain and src/i18n (and npm packages): pass what it needs in as data',
  },
  {
    holds: (file) => (within(file, 'src/components') && file.endsWith('.tsx')) || within(file, 'src/lib/client'),
    refuses: (target) => within(target, 'src/server'),
    message: 'islands and the browser helpers never import src/server: reach it through the JSON API (src/lib/client/api.ts)',
  },
  {
    holds: (file) => within(file, 'src/server/db'),
    refuses: (target) => /^src\/server\/(services|http|auth|clock|mail|outbox|jobs|faces)(\/|$)/.test(target) && !/^src\/server\/clock\/now(\.ts)?$/.test(target),
    message: 'src/server/db is the bottom layer: it never imports a service, the HTTP edge or auth; pass what it needs in from above',
  },
];

/** The string literal an import-like node names, with the node to report on. */
function sources(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportExpression':
      return node.source?.type === 'Literal' && typeof node.source.value === 'string' ? [node.source] : [];
    case 'TSImportType': {
      // typescript-eslint 8 names it `source` (`argument` before, now deprecated).
      const named = 'source' in node ? node.source : node.argument;
      const literal = named?.type === 'TSLiteralType' ? named.literal : named;
      return literal?.type === 'Literal' && typeof literal.value === 'string' ? [literal] : [];
    }
    case 'TSExternalModuleReference':
      return node.expression?.type === 'Literal' && typeof node.expression.value === 'string' ? [node.expression] : [];
    default:
      return [];
  }
}

const IMPORT_NODES = ['ImportDeclaration', 'ExportAllDeclaration', 'ExportNamedDeclaration', 'ImportExpression', 'TSImportType', 'TSExternalModuleReference'];

/** Calls check(literal) for every import-like node. */
function onImports(check) {
  return Object.fromEntries(IMPORT_NODES.map((type) => [type, (node) => sources(node).forEach(check)]));
}

/** @type {import('eslint').Rule.RuleModule} */
const layerBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the layers: domain, islands and db import only what their layer may (decision 064)' },
    schema: [],
    messages: { refused: "'{{specifier}}' ({{target}}): {{reason}}." },
  },
  create(context) {
    const file = toRepo(context.filename);
    const layers = LAYERS.filter((layer) => layer.holds(file));
    if (layers.length === 0) return {};
    return onImports((literal) => {
      const target = resolveImport(literal.value, context.filename);
      if (target === null) return;
      for (const layer of layers) {
        if (layer.refuses(target)) {
          context.report({ node: literal, messageId: 'refused', data: { specifier: literal.value, target, reason: layer.message } });
        }
      }
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const noDeepRelativeImport = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A relative import climbs at most two folders; further up, use the package.json "imports" aliases' },
    schema: [],
    messages: { deep: '\'{{specifier}}\' climbs {{levels}} folders: import it through its alias (#domain/…, #server/…, see package.json "imports").' },
  },
  create(context) {
    return onImports((literal) => {
      const parts = literal.value.split('/');
      let levels = 0;
      while (parts[levels] === '..') levels += 1;
      if (levels >= 3) context.report({ node: literal, messageId: 'deep', data: { specifier: literal.value, levels } });
    });
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'jornada' },
  rules: { 'layer-boundaries': layerBoundaries, 'no-deep-relative-import': noDeepRelativeImport },
};

export default plugin;
