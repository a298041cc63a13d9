/**
 * The client files (dist/client: /_astro bundles, /models face models, favicon, attributions.json)
 * are SEA assets in the single binary. This handler answers GET/HEAD for them straight from the
 * executable's memory and hands every other request to Astro's handler, with the same caching
 * `npm start` gives (Astro's static handler plus scripts/model-cache.mjs).
 */
import type http from 'node:http';

/** Written by the build as the SEA asset `manifest/client.json`: URL path -> file facts. */
export type StaticManifest = Record<string, { etag: string; size: number }>;

export const CLIENT_ASSET_PREFIX = 'client';
/** Outside the `client/` namespace, so no client file can collide with it. */
export const CLIENT_MANIFEST_ASSET = 'manifest/client.json';

/** Hashed build output never changes under its name. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Face models change only with the face-api version (same value as scripts/model-cache.mjs). */
export const MODEL_CACHE_CONTROL = 'public, max-age=604800';
/** Anything else (favicon, attributions.json) is revalidated; the ETag makes that cheap. */
export const REVALIDATE_CACHE_CONTROL = 'public, max-age=0';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(urlPath: string): string {
  const dot = urlPath.lastIndexOf('.');
  const extension = dot > urlPath.lastIndexOf('/') ? urlPath.slice(dot).toLowerCase() : '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/_astro/')) return IMMUTABLE_CACHE_CONTROL;
  if (urlPath.startsWith('/models/')) return MODEL_CACHE_CONTROL;
  return REVALIDATE_CACHE_CONTROL;
}

/** The decoded path of a request URL, or null when it cannot be decoded (Astro answers those). */
export function requestPath(url: string | undefined): string | null {
  const raw = (url ?? '/').split(/[?#]/, 1)[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** True when the If-None-Match header names this ETag (or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/**
 * Wraps `next` (Astro's handler) so files named in `manifest` are served from `read(urlPath)`.
 * Only exact paths match: there is no file system behind it, so no traversal to guard against.
 */
export function withStaticAssets(next: Handler, manifest: StaticManifest, read: (urlPath: string) => Uint8Array): Handler {
  return (req, res) => {
    const method = req.method ?? 'GET';
    const urlPath = method === 'GET' || method === 'HEAD' ? requestPath(req.url) : null;
    const file = urlPath === null ? undefined : Object.hasOwn(manifest, urlPath) ? manifest[urlPath] : undefined;
    if (!file || urlPath === null) return next(req, res);

    res.setHeader('Cache-Control', cacheControlFor(urlPath));
    res.setHeader('ETag', file.etag);
    if (matchesEtag(req.headers['if-none-match'], file.etag)) {
      res.writeHead(304);
      res.end();
      return undefined;
    }
    res.setHeader('Content-Type', contentTypeFor(urlPath));
    res.setHeader('Content-Length', file.size);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.writeHead(200);
    if (method === 'HEAD') res.end();
    else res.end(read(urlPath));
    return undefined;
  };
}
