import { describe, expect, it } from 'vitest';
import { relyingPartyOf } from '../../src/domain/auth/relying-party.ts';
import { browserAndSystem } from '../../src/domain/auth/device-name.ts';

describe('the relying party of a request (decision 091)', () => {
  it('is the host name the browser used and the page origin', () => {
    expect(relyingPartyOf(new URL('http://localhost:4321/api/user/login/passkey'), false)).toEqual({ rpID: 'localhost', origin: 'http://localhost:4321' });
    expect(relyingPartyOf(new URL('https://fichar.example.es/api/x'), true)).toEqual({ rpID: 'fichar.example.es', origin: 'https://fichar.example.es' });
  });

  it('behind a trusted TLS proxy the origin is https on the Host header’s port', () => {
    expect(relyingPartyOf(new URL('http://fichar.example.es/api/x'), true)).toEqual({ rpID: 'fichar.example.es', origin: 'https://fichar.example.es' });
    expect(relyingPartyOf(new URL('http://fichar.example.es:8443/api/x'), true)).toEqual({ rpID: 'fichar.example.es', origin: 'https://fichar.example.es:8443' });
  });

  it('without a trusted proxy an http request stays http (a forged X-Forwarded-Proto is not read here)', () => {
    expect(relyingPartyOf(new URL('http://fichar.example.es/api/x'), false).origin).toBe('http://fichar.example.es');
  });
});

describe('a passkey’s default name', () => {
  it('names the browser and the system from the User-Agent', () => {
    expect(browserAndSystem('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(browserAndSystem('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).toEqual({ browser: 'Safari', os: 'iPhone' });
    expect(browserAndSystem('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({ browser: 'Firefox', os: 'Linux' });
    expect(browserAndSystem('curl/8')).toEqual({ browser: undefined, os: undefined });
  });
});
