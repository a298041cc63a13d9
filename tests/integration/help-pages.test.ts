import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_DOCS } from '../../src/domain/help/help-docs.ts';
import { addAccount } from '../helpers/accounts.ts';
import { Client, location } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The in-app help (issue 37, point 11; decision 076): docs/*.md served at /help/…, linked from the
 * screens that used to name the files. Every /help/ link the screens and the help pages hold opens,
 * with the document's title, and its #anchor names a heading of that page.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The first line of docs/<slug>.md without "# ", as the page shows it (HTML-escaped). */
const titleOf = (slug: string) =>
  readFileSync(path.join(ROOT, 'docs', `${slug}.md`), 'utf8')
    .split('\n')[0]!
    .replace(/^# /, '')
    .replace(/&/g, '&amp;');
/** The screens whose texts point at help, for an account that may change settings. */
const SCREENS = ['/help', '/setting', '/settings/webhooks', '/reports/payroll'];

let server: TestServer;
let es: Client;
let en: Client;

beforeAll(async () => {
  server = await startServer();
  es = new Client(server.url, 'es');
  await es.post('/api/sign-up', { company: 'Horno Sol', full_name: 'Rosa Vidal', email: 'rosa@horno.es', password: 'Rosa#20266' });
  en = new Client(server.url, 'en');
  expect((await en.signIn('rosa@horno.es', 'Rosa#20266')).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

function helpLinks(html: string): string[] {
  return [...html.matchAll(/href="(\/help\/[^"]*)"/g)].map((m) => m[1]!);
}

describe('help pages', () => {
  it('every /help/… link on the screens and the help pages opens with its title, and its anchor exists', async () => {
    const seen = new Set<string>();
    const queue: string[] = [];
    for (const screen of SCREENS) {
      const res = await es.get(screen);
      expect(res.status, screen).toBe(200);
      const html = await res.text();
      expect(html, screen).not.toMatch(/docs\/[a-z-]+\.md/);
      queue.push(...helpLinks(html));
    }
    expect(new Set(queue.map((link) => link.split('#')[0]))).toEqual(new Set(HELP_DOCS.map((doc) => `/help/${doc}`)));
    while (queue.length > 0) {
      const link = queue.shift()!;
      if (seen.has(link)) continue;
      seen.add(link);
      const [page, anchor] = link.split('#') as [string, string | undefined];
      const res = await es.get(page);
      expect(res.status, link).toBe(200);
      const html = await res.text();
      const slug = page.replace('/help/', '');
      expect(html, link).toContain(`data-testid="page-title">${titleOf(slug)}</h1>`);
      if (anchor) expect(html, link).toContain(`id="${anchor}"`);
      queue.push(...helpLinks(html));
    }
    // The links between documents were followed too (operator guide → backups#…, single-binary#…).
    expect([...seen].some((link) => link.includes('#'))).toBe(true);
  });

  it('the frame speaks the page language; the Spanish page says the guide is in English', async () => {
    const spanish = await (await es.get('/help/backups')).text();
    expect(spanish).toContain('lang="es"');
    expect(spanish).toContain('Todas las páginas de ayuda');
    expect(spanish).toContain('data-testid="help-language-note"');
    const english = await (await en.get('/help/backups')).text();
    expect(english).toContain('All help pages');
    expect(english).not.toContain('data-testid="help-language-note"');
  });

  it('signed out goes to sign-in; an Employee account is refused; developer documents and unknown pages are not found', async () => {
    const anon = new Client(server.url);
    expect(location(await anon.get('/help/backups'))).toBe('/sign-in?redirectUrl=%2Fhelp%2Fbackups');
    expect(location(await anon.get('/help'))).toBe('/sign-in?redirectUrl=%2Fhelp');
    await addAccount(server.dataDir, { email: 'pan@horno.es', password: 'Pan#202666', accountType: 'Employee' });
    const worker = new Client(server.url);
    expect((await worker.signIn('pan@horno.es', 'Pan#202666')).status).toBe(200);
    expect(location(await worker.get('/help/backups'))).toBe('/access-denied');
    for (const missing of ['/help/architecture', '/help/decisions', '/help/nope']) {
      const res = await es.get(missing);
      expect(res.status, missing).toBe(404);
      expect(await res.text()).toContain('data-testid="not-found"');
    }
  });
});
