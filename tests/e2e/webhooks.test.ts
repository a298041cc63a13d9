import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { Client } from '../helpers/http-client.ts';
import { layoutProblems, watchProblems, type PageProblems } from '../helpers/page-audit.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { pairTerminal } from '../helpers/terminal.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { signatureValid, startWebhookReceiver } from '../helpers/webhook-receiver.ts';

/**
 * Settings › Webhooks in the browser (decision 058): an administrator types a wrong address (refused
 * in words, nothing stored), registers a webhook against a local receiver, copies the secret shown,
 * sends a test event, sees a punch delivered in the list, edits the events, disables and deletes
 * it. Screenshots es/en, light/dark, 1440 and 390 px in tests/.tmp/screenshots.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const NONE: PageProblems = { console: [], pageErrors: [], csp: [] };
let session: E2eSession;
let server: TestServer;
let admin: Page;
let dir: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

function sql<T>(text: string, ...params: unknown[]): T[] {
  const handle = new Database(path.join(server.dataDir, 'jornada.db'));
  handle.pragma('busy_timeout = 5000');
  try {
    const statement = handle.prepare(text);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  } finally {
    handle.close();
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-webhooks-e2e-'));
  const clockFile = path.join(dir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '09:00', 'Europe/Lisbon'));
  receiver = await startWebhookReceiver();
  session = await startDemoSession({
    account: 'admin',
    locale: 'en-GB',
    env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, JORNADA_OUTBOX_POLL_MS: '100' },
    preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }),
  });
  ({ server, page: admin } = session);
}, 120_000);

afterAll(async () => {
  await session?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Settings › Webhooks', () => {
  it('refuses a wrong address in words, registers one, shows its secret and tests it', async () => {
    const { take } = await watchProblems(admin);
    await admin.goto(`${server.url}/settings/webhooks`);
    await admin.waitForSelector('[data-testid=webhook-create]');
    expect(await admin.textContent('[data-testid=webhooks-none]')).toContain('No webhooks yet');
    await admin.fill('[data-testid=webhook-url]', 'ftp://payroll.local/hook');
    await admin.click('[data-testid=webhook-submit]');
    await admin.waitForSelector('[data-testid=webhook-url-error]');
    expect(await admin.textContent('[data-testid=webhook-url-error]')).toContain('Only http:// and https://');
    expect(sql('select * from webhooks')).toEqual([]);
    await take(); // the refused request's 422 is logged by the browser: expected

    await admin.fill('[data-testid=webhook-url]', receiver.url('/payroll'));
    await admin.fill('[data-testid=webhook-description]', 'Payroll sync');
    await admin.click('[data-testid="webhook-event-leave.decided"]');
    await admin.click('[data-testid=webhook-submit]');
    await admin.waitForSelector('[data-testid=webhook-secret-card]');
    const secret = await admin.inputValue('[data-testid=webhook-secret]');
    expect(secret).toMatch(/^whsec_/);
    await shootWidthsAndThemes(admin, SHOTS, '22-webhook-secret-en', { fullPage: true });
    await admin.click('[data-testid=webhook-secret-done]');
    await admin.waitForSelector('[data-testid=webhook-create]');
    expect(await admin.$('[data-testid=webhook-secret]')).toBeNull();

    await admin.click('[data-testid=webhook-test]');
    await admin.waitForSelector('text=Test event delivered');
    const [test] = receiver.at('/payroll');
    expect(test!.headers['x-jornada-event']).toBe('webhook.test');
    expect(signatureValid(secret, test!)).toBe(true);
    expect(await take()).toEqual(NONE);
  }, 120_000);

  it('shows a punch delivered, and the list works at 390 px in Spanish and dark mode', async () => {
    const terminal = await pairTerminal(server.url, await signedInAdmin(), { methods: ['pin'] });
    const worker = sql<{ id: number }>(
      `select e.id from employees e join schedules s on s.employee_id = e.id and s.status = 'current'
       where e.status = 'active' and s.start_time = '09:00' and s.rest_days not like '%Monday%' order by e.id limit 1`,
    )[0]!.id;
    const punched = await new Client(server.url).post('/api/clock', { action: 'check-in', pin: String(100000 + worker) }, terminal.headers);
    expect(punched.status).toBe(200);
    await waitFor('the punch delivered', () => receiver.at('/payroll').some((r) => r.headers['x-jornada-event'] === 'punch.recorded'));
    await waitFor('marked sent', () => sql<{ status: string }>("select status from outbox where channel = 'webhook'").some((r) => r.status === 'sent'));
    const { take } = await watchProblems(admin);
    await admin.goto(`${server.url}/settings/webhooks`);
    await admin.waitForSelector('[data-testid=webhook-delivery][data-status=sent]');
    expect(await admin.textContent('[data-testid=webhook-deliveries]')).toContain('Punch recorded');
    await shootWidthsAndThemes(admin, SHOTS, '22-webhooks-en', { fullPage: true });
    await admin.setViewportSize({ width: 390, height: 900 });
    await admin.goto(`${server.url}/settings/webhooks`);
    await admin.waitForSelector('[data-testid=webhook-delivery][data-status=sent]');
    expect(await layoutProblems(admin)).toEqual([]);
    await admin.context().addCookies([{ name: 'lang', value: 'es', url: server.url }]);
    await admin.goto(`${server.url}/settings/webhooks`);
    await admin.waitForSelector('[data-testid=webhook-delivery][data-status=sent]');
    expect(await admin.textContent('[data-testid=webhook-deliveries]')).toContain('Fichaje registrado');
    expect(await admin.textContent('[data-testid=webhook-deliveries]')).toContain('Entregado');
    expect(await layoutProblems(admin)).toEqual([]);
    await shootWidthsAndThemes(admin, SHOTS, '22-webhooks-es', { fullPage: true });
    await admin.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await admin.setViewportSize({ width: 1440, height: 1000 });
    expect(await take()).toEqual(NONE);
  }, 120_000);

  it('edits the events, disables and deletes the webhook', async () => {
    await admin.goto(`${server.url}/settings/webhooks`);
    await admin.waitForSelector('[data-testid=webhook-card]');
    await admin.click('[data-testid=webhook-edit]');
    await admin.waitForSelector('[data-testid=webhook-edit-form]');
    await admin.click('[data-testid="webhook-edit-event-period.approved"]');
    await admin.click('[data-testid=webhook-edit-save]');
    await admin.waitForSelector('[data-testid=webhook-edit-form]', { state: 'detached' });
    await waitFor('saved', () => JSON.parse(sql<{ events: string }>('select events from webhooks')[0]!.events).includes('period.approved'));
    await admin.waitForSelector('[data-testid=webhook-card] >> text=Period approved');

    await admin.click('[data-testid=webhook-toggle]');
    await admin.waitForSelector('[data-testid=webhook-state][data-enabled=false]');
    expect(sql<{ enabled: number }>('select enabled from webhooks')[0]!.enabled).toBe(0);

    await admin.click('[data-testid=webhook-delete]');
    await admin.click('role=dialog >> role=button[name="Delete"]');
    await admin.waitForSelector('[data-testid=webhooks-none]');
    expect(sql('select * from webhooks')).toEqual([]);
  }, 120_000);
});

async function signedInAdmin(): Promise<Client> {
  const client = new Client(server.url);
  expect((await client.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  return client;
}
