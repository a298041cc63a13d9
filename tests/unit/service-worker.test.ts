import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_SHELL_CACHE } from '../../src/lib/client/offline-shell.ts';
import { ROOT } from '../helpers/test-server.ts';

/**
 * The personal area's service worker (public/sw.js, decision 071), run in a fake worker scope:
 * which requests it answers (the personal clock page, /_astro/ files) and which it leaves to the
 * browser untouched (every /api/ call, other pages, other methods, other origins).
 */

type Listener = (event: unknown) => void;
const listeners: Record<string, Listener> = {};
const ORIGIN = 'https://jornada.example';

beforeAll(() => {
  const source = readFileSync(path.join(ROOT, 'public', 'sw.js'), 'utf8');
  const self = { addEventListener: (name: string, fn: Listener) => (listeners[name] = fn), location: { origin: ORIGIN }, skipWaiting: () => {}, clients: { claim: async () => {} } };
  new Function('self', 'caches', 'fetch', source)(self, {}, () => Promise.reject(new Error('no network in this test')));
});

/** Whether the worker answers the request (calls respondWith) or leaves it to the browser. */
function answers(url: string, init: { method?: string; mode?: string } = {}): boolean {
  let answered = false;
  const request = { url: new URL(url, ORIGIN).href, method: init.method ?? 'GET', mode: init.mode ?? 'cors' };
  listeners['fetch']!({
    request,
    respondWith: (p: Promise<unknown>) => {
      answered = true;
      p.catch(() => {});
    },
  });
  return answered;
}

describe('the service worker of the personal area', () => {
  it('keeps its copies in the cache the sign-out deletes', () => {
    expect(readFileSync(path.join(ROOT, 'public', 'sw.js'), 'utf8')).toContain(`const CACHE = '${PERSONAL_SHELL_CACHE}';`);
  });

  it('answers the personal clock page and the built assets', () => {
    expect(answers('/personal/clock', { mode: 'navigate' })).toBe(true);
    expect(answers('/_astro/PersonalClock.Bx12.js')).toBe(true);
  });

  it('never touches the API, other pages, writes or other origins', () => {
    for (const url of ['/api/personal/clock', '/api/personal/dashboard', '/api/personal/clock/offline', '/api/session']) {
      expect(answers(url), url).toBe(false);
      expect(answers(url, { method: 'POST' }), url).toBe(false);
    }
    expect(answers('/personal/attendance', { mode: 'navigate' })).toBe(false);
    expect(answers('/personal/clock?x=1', { mode: 'navigate' })).toBe(false);
    expect(answers('/dashboard', { mode: 'navigate' })).toBe(false);
    expect(answers('/manifest.webmanifest')).toBe(false);
    expect(answers('https://elsewhere.example/_astro/a.js')).toBe(false);
    expect(answers('/_astro/a.js', { method: 'POST' })).toBe(false);
  });
});
