import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { watchProblems, type PageProblems } from '../helpers/page-audit.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 22, points 1 and 4 in the browser (decision 054): an administrator sets up the SMTP server
 * in Settings › Email (the form's own checks first), sends a test email that arrives at a real SMTP
 * server on localhost, and retries a failed message on the outbox screen. Screenshots (es/en,
 * light/dark, 1440/390 px) go to tests/.tmp/screenshots.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const NONE: PageProblems = { console: [], pageErrors: [], csp: [] };
let session: E2eSession;
let server: TestServer;
let page: Page;
let inbox: SmtpInbox;
let problems: () => Promise<PageProblems>;

/** At 390 px the page does not scroll sideways (polled: the layout settles after the resize). */
async function fitsNarrow(): Promise<void> {
  await page.setViewportSize({ width: 390, height: 1000 });
  await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, undefined, { timeout: 10_000 });
  await page.setViewportSize({ width: 1440, height: 1000 });
}

const setLanguage = (lang: 'es' | 'en') => page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  inbox = await startSmtpInbox();
  session = await startDemoSession({
    account: 'admin',
    locale: 'es-ES',
    env: { JORNADA_TEST: '1', JORNADA_OUTBOX_POLL_MS: '200' },
    preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }),
  });
  ({ server, page } = session);
  ({ take: problems } = await watchProblems(page));
});
afterAll(async () => {
  await session?.close();
  await inbox?.close();
});

describe('Settings › Email and the outbox in the browser', () => {
  it('checks the form, saves the server, and the test email arrives', async () => {
    await page.goto(`${server.url}/setting#email`);
    await page.waitForSelector('[data-testid=email-settings]');
    expect(await page.textContent('[data-testid=email-state]')).toContain('El correo está desactivado');
    // Nothing to test with before a server is saved.
    expect(await page.isDisabled('[data-testid=email-test-send]')).toBe(true);
    await page.fill('#email-host', '127.0.0.1');
    await page.fill('#email-port', '70000');
    await page.selectOption('#email-security', 'none');
    await page.fill('#email-from', 'no es una dirección');
    await page.fill('#email-appUrl', 'ftp://jornada');
    await page.click('[data-testid=email-save]');
    await page.waitForSelector('[data-testid=email-from-error]');
    expect(await page.textContent('[data-testid=email-port-error]')).toBeTruthy();
    expect(await page.textContent('[data-testid=email-appUrl-error]')).toBeTruthy();
    // Unsaved changes: the test waits for Save.
    expect(await page.isDisabled('[data-testid=email-test-send]')).toBe(true);
    await shootWidthsAndThemes(page, SHOTS, '22-email-errors-es', { fullPage: true });
    await fitsNarrow();

    await page.fill('#email-port', String(inbox.port));
    await page.fill('#email-from', 'Jornada <jornada@demo.jornada>');
    await page.fill('#email-appUrl', server.url);
    await page.click('[data-testid=email-save]');
    await page.waitForSelector('[data-testid=email-state]:has-text("El correo está activo")');
    expect(await page.$('[data-testid=email-from-error]')).toBeNull();

    await page.fill('[data-testid=email-test-to]', 'admin@demo.jornada');
    await page.click('[data-testid=email-test-send]');
    await page.waitForSelector('[data-testid=email-test-result][data-ok=true]');
    const mail = await inbox.waitFor((m) => m.to.includes('admin@demo.jornada'));
    expect(mail.subject).toBe('Jornada: mensaje de prueba');
    expect(mail.html).toContain(`${server.url}/setting#email`);
    await shootWidthsAndThemes(page, SHOTS, '22-email-es', { fullPage: true });
    await setLanguage('en');
    await page.reload();
    await page.waitForSelector('[data-testid=email-state]:has-text("Email is on")');
    await shootWidthsAndThemes(page, SHOTS, '22-email-en', { fullPage: true });
    expect(await problems()).toEqual(NONE);
  });

  it('a failed message is retried from the outbox screen and arrives', async () => {
    const at = new Date().toISOString();
    const queue = (status: string, to: string, subject: string, attempts: number, error: string | null) =>
      sqlIn(
        server.dataDir,
        `insert into outbox (channel, kind, company_id, dedupe_key, recipient, language, payload, status, attempts, next_attempt_at, last_error, created_at, updated_at, sent_at)
         values ('email', 'leaveRequested', null, null, ?, 'es', ?, ?, ?, ?, ?, ?, ?, null)`,
        to,
        JSON.stringify({ subject, text: 'Hola', html: '<p>Hola</p>' }),
        status,
        attempts,
        status === 'pending' ? new Date(Date.now() + 3_600_000).toISOString() : at,
        error,
        at,
        at,
      );
    queue('failed', 'elena.ramos@example.com', 'Solicitud de ausencia de Elena Ramos', 8, 'Interrupted while sending (the server stopped); it may have been delivered. Retry only if it was not.');
    queue('pending', 'javier.moreno@example.com', 'Falta la salida del martes', 2, 'connect ECONNREFUSED 127.0.0.1:25');
    await page.goto(`${server.url}/settings/outbox`);
    await page.waitForSelector('[data-testid=outbox-item][data-status=pending]');
    await shootWidthsAndThemes(page, SHOTS, '22-outbox-waiting-en', { fullPage: true });
    await page.click('[data-testid=outbox-tab-failed]');
    await page.waitForSelector('[data-testid=outbox-item][data-status=failed]');
    await setLanguage('es');
    await page.reload();
    await page.waitForSelector('[data-testid=outbox-item][data-status=failed]');
    await shootWidthsAndThemes(page, SHOTS, '22-outbox-failed-es', { fullPage: true });
    await fitsNarrow();
    await page.click('[data-testid=outbox-retry]');
    await page.waitForSelector('dialog[open] [data-testid=outbox-confirm]');
    expect(await page.textContent('dialog[open]')).toContain('puede que ya haya llegado');
    await page.setViewportSize({ width: 390, height: 1000 });
    await page.screenshot({ path: path.join(SHOTS, '22-outbox-retry-dialog-es-390-light.png') });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.click('dialog[open] [data-testid=outbox-confirm]');
    await page.waitForSelector('[data-testid=empty-state]');
    await inbox.waitFor((m) => m.subject === 'Solicitud de ausencia de Elena Ramos');
    await page.click('[data-testid=outbox-tab-sent]');
    await page.waitForSelector('[data-testid=outbox-item][data-status=sent]');
    await shootWidthsAndThemes(page, SHOTS, '22-outbox-sent-es', { fullPage: true });
    expect(await problems()).toEqual(NONE);
  });
});
