import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { addCspHashes, cspHash, defaultCsp, FACE_WORKER_CSP, NON_PAGE_CSP, SERVICE_WORKER_CSP } from '../../src/server/http/csp.ts';

it('hashes inline text as CSP sha256 sources', () => {
  expect(cspHash('alert(1)')).toBe(`sha256-${createHash('sha256').update('alert(1)').digest('base64')}`);
});

it('adds hashes to script-src and style-src only, once, and never next to unsafe-inline', () => {
  const policy = "default-src 'self'; script-src 'self' 'sha256-a'; style-src 'self'; style-src-attr 'unsafe-inline';";
  const out = addCspHashes(policy, { script: ['sha256-a', 'sha256-b'], style: ['sha256-c'] });
  expect(out).toBe("default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; style-src 'self' 'sha256-c'; style-src-attr 'unsafe-inline';");
  expect(addCspHashes("script-src 'self' 'unsafe-inline'", { script: ['sha256-x'] })).toBe("script-src 'self' 'unsafe-inline'");
  // A directive that is missing stays missing: nothing is loosened.
  expect(addCspHashes("default-src 'none'", { script: ['sha256-x'] })).toBe("default-src 'none'");
});

it('gives the face worker script a policy that lets it fetch the models, and every other file none (decision 030)', () => {
  expect(defaultCsp('/_astro/face-worker-D3TKyOcs.js')).toBe(FACE_WORKER_CSP);
  expect(FACE_WORKER_CSP).toContain("connect-src 'self'");
  expect(FACE_WORKER_CSP).toContain("default-src 'none'");
  for (const path of ['/_astro/face-engine.WQskNwlY.js', '/models/face_recognition_model.bin', '/api/health', '/_astro/face-worker-x.js/../../etc', '/x/_astro/face-worker-a.js'])
    expect(defaultCsp(path), path).toBe(NON_PAGE_CSP);
});

it('gives the personal area’s service worker a policy that lets it fetch from this server only (decision 071)', () => {
  expect(defaultCsp('/sw.js')).toBe(SERVICE_WORKER_CSP);
  expect(SERVICE_WORKER_CSP).toContain("connect-src 'self'");
  expect(SERVICE_WORKER_CSP).toContain("default-src 'none'");
  for (const path of ['/x/sw.js', '/sw.json', '/personal/sw.js']) expect(defaultCsp(path), path).toBe(NON_PAGE_CSP);
});
