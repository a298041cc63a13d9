import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite } from '../../src/server/http/same-origin.ts';

const url = new URL('http://jornada.local:4321/api/companies');
const req = (method: string, headers: Record<string, string>) => new Request(url, { method, headers });

describe('isCrossSiteWrite', () => {
  it('lets reads and same-host writes through', () => {
    expect(isCrossSiteWrite(req('GET', { origin: 'http://evil.example' }), url)).toBe(false);
    expect(isCrossSiteWrite(req('POST', { origin: 'http://jornada.local:4321', 'content-type': 'application/json' }), url)).toBe(false);
    expect(isCrossSiteWrite(req('DELETE', { origin: 'https://jornada.local:4321' }), url)).toBe(false);
  });

  it('lets API clients without Origin through, unless they post a form', () => {
    expect(isCrossSiteWrite(req('DELETE', {}), url)).toBe(false);
    expect(isCrossSiteWrite(req('POST', { 'content-type': 'application/json' }), url)).toBe(false);
    expect(isCrossSiteWrite(req('POST', { 'content-type': 'application/x-www-form-urlencoded' }), url)).toBe(true);
  });

  it('refuses writes from another host', () => {
    expect(isCrossSiteWrite(req('POST', { origin: 'http://evil.example', 'content-type': 'application/json' }), url)).toBe(true);
    expect(isCrossSiteWrite(req('PATCH', { origin: 'null' }), url)).toBe(true);
  });
});
