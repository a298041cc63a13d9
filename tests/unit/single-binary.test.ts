import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthUrl } from '../../src/binary/healthcheck.ts';
import { cacheDirCandidates, extractInto, extractionDirName, isCompleteExtraction, type NativeManifest } from '../../src/binary/native-addons.ts';
import { cacheControlFor, contentTypeFor, IMMUTABLE_CACHE_CONTROL, matchesEtag, MODEL_CACHE_CONTROL, requestPath, withStaticAssets } from '../../src/binary/static-assets.ts';
import { readPackageFile } from '../../src/server/package-file.ts';
import { RECORD_PDF_FONT_FILES } from '../../src/server/services/reports/monthly-record-pdf.ts';
import { PACKAGE_FILES } from '../../scripts/binary/assets.mjs';

describe('single binary: static file rules', () => {
  it('names content types by extension, octet-stream otherwise', () => {
    expect(contentTypeFor('/_astro/client.C3fkgl4o.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('/_astro/LanguageMenu.ChpyLTFg.CSS')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('/models/ssd_mobilenetv1_model-weights_manifest.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeFor('/models/ssd_mobilenetv1_model.bin')).toBe('application/octet-stream');
    expect(contentTypeFor('/favicon.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('/a.dir/noextension')).toBe('application/octet-stream');
  });

  it('caches hashed bundles for a year, face models for a week, the rest revalidates', () => {
    expect(cacheControlFor('/_astro/x.js')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(cacheControlFor('/models/face_recognition_model.bin')).toBe(MODEL_CACHE_CONTROL);
    expect(cacheControlFor('/attributions.json')).toBe('public, max-age=0');
    expect(MODEL_CACHE_CONTROL).toBe('public, max-age=604800');
  });

  it('decodes request paths without the query and refuses malformed escapes', () => {
    expect(requestPath('/models/a%20b.bin?v=1#x')).toBe('/models/a b.bin');
    expect(requestPath('/%E0%A4%A')).toBeNull();
    expect(requestPath(undefined)).toBe('/');
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});

describe('single binary: static file handler', () => {
  let server: http.Server;
  let base: string;
  const files: Record<string, string> = { '/_astro/app.js': 'console.log(1)', '/models/m.bin': 'weights' };
  const manifest = {
    '/_astro/app.js': { etag: '"js1"', size: files['/_astro/app.js']!.length },
    '/models/m.bin': { etag: '"bin1"', size: files['/models/m.bin']!.length },
  };

  beforeAll(async () => {
    const handler = withStaticAssets(
      (req, res) => {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end(`astro ${req.method} ${req.url}`);
      },
      manifest,
      (p) => new TextEncoder().encode(files[p]),
    );
    server = http.createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves embedded files with type, length, ETag and caching', async () => {
    const res = await fetch(`${base}/_astro/app.js?v=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers.get('etag')).toBe('"js1"');
    expect(res.headers.get('content-length')).toBe(String(files['/_astro/app.js']!.length));
    expect(await res.text()).toBe('console.log(1)');
  });

  it('answers 304 to a matching If-None-Match and HEAD without a body', async () => {
    const cached = await fetch(`${base}/models/m.bin`, { headers: { 'if-none-match': '"bin1"' } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('cache-control')).toBe(MODEL_CACHE_CONTROL);
    const head = await fetch(`${base}/models/m.bin`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('7');
    expect(await head.text()).toBe('');
  });

  it('hands everything else to the app: unknown paths, other methods, traversal attempts', async () => {
    for (const [method, url] of [
      ['GET', '/sign-in'],
      ['POST', '/_astro/app.js'],
      ['GET', '/_astro/../models/m.bin'],
      ['GET', '/models/%2e%2e/_astro/app.js'],
      ['GET', '/constructor'],
    ] as const) {
      // node:http sends the path as written (fetch would normalise the dot segments away).
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: new URL(base).port, path: url, method }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(status, `${method} ${url}`).toBe(404);
      expect(body).toBe(`astro ${method} ${url}`);
    }
  });
});

describe('single binary: native addon cache', () => {
  const bytes: Record<string, Uint8Array> = {
    'native/pkg/lib/addon.node': new Uint8Array([1, 2, 3, 4]),
    'native/@img/pkg/lib/libx.so.1': new Uint8Array([5, 6]),
  };
  const manifest: NativeManifest = {
    hash: 'ab'.repeat(32),
    files: [
      { path: 'pkg/lib/addon.node', size: 4 },
      { path: '@img/pkg/lib/libx.so.1', size: 2 },
    ],
  };
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jornada-native-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('prefers JORNADA_CACHE_DIR, then XDG_CACHE_HOME, then ~/.cache, then a per-user temp folder', () => {
    expect(cacheDirCandidates({ JORNADA_CACHE_DIR: '/srv/cache' }, '/home/a', '/tmp', 1000)).toEqual(['/srv/cache']);
    expect(cacheDirCandidates({ XDG_CACHE_HOME: '/x/cache' }, '/home/a', '/tmp', 1000)).toEqual(['/x/cache/jornada', '/home/a/.cache/jornada', '/tmp/jornada-1000']);
    expect(cacheDirCandidates({ XDG_CACHE_HOME: 'relative' }, '', '/tmp', 0)).toEqual(['/tmp/jornada-0']);
  });

  it('extracts into <base>/native-<hash prefix>/node_modules, then reuses it', () => {
    const base = path.join(tmp, 'cache');
    let reads = 0;
    const read = (key: string) => {
      reads++;
      return bytes[key]!;
    };
    const dir = extractInto(base, manifest, read);
    expect(dir).toBe(path.join(base, extractionDirName(manifest)));
    expect(extractionDirName(manifest)).toBe(`native-${'ab'.repeat(10)}`);
    expect([...fs.readFileSync(path.join(dir, 'node_modules/pkg/lib/addon.node'))]).toEqual([1, 2, 3, 4]);
    expect(fs.statSync(base).mode & 0o777).toBe(0o700);
    expect(reads).toBe(2);
    expect(extractInto(base, manifest, read)).toBe(dir);
    expect(reads).toBe(2);
    // No temporary folders are left behind.
    expect(fs.readdirSync(base)).toEqual([extractionDirName(manifest)]);
  });

  it('replaces an incomplete copy (a truncated file) with a whole one', () => {
    const base = path.join(tmp, 'cache');
    const dir = path.join(base, extractionDirName(manifest));
    fs.writeFileSync(path.join(dir, 'node_modules/@img/pkg/lib/libx.so.1'), new Uint8Array([5]));
    expect(isCompleteExtraction(dir, manifest)).toBe(false);
    extractInto(base, manifest, (key) => bytes[key]!);
    expect(isCompleteExtraction(dir, manifest)).toBe(true);
    expect(fs.readdirSync(base)).toEqual([extractionDirName(manifest)]);
  });

  it('refuses a cache folder that other users can write', () => {
    const open = path.join(tmp, 'open');
    fs.mkdirSync(open);
    fs.chmodSync(open, 0o777);
    expect(() => extractInto(open, manifest, (key) => bytes[key]!)).toThrow(/other users/);
  });
});

describe('single binary: healthcheck URL', () => {
  it('asks the local server on PORT, through the configured host unless it is a wildcard', () => {
    expect(healthUrl({})).toBe('http://127.0.0.1:4321/api/health');
    expect(healthUrl({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080/api/health');
    expect(healthUrl({ HOST: '::1' })).toBe('http://[::1]:4321/api/health');
    expect(healthUrl({ HOST: '192.168.1.5' })).toBe('http://192.168.1.5:4321/api/health');
  });
});

describe('single binary: package data files', () => {
  it('embeds every file the monthly record PDF reads (the binary has no node_modules)', () => {
    expect(PACKAGE_FILES).toEqual(expect.arrayContaining(Object.values(RECORD_PDF_FONT_FILES)));
  });

  it('reads them from node_modules outside the binary', () => {
    // TrueType files start with the sfnt version 0x00010000.
    for (const file of Object.values(RECORD_PDF_FONT_FILES)) expect(readPackageFile(file).readUInt32BE(0)).toBe(0x00010000);
  });
});
