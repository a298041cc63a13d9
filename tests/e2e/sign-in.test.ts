import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { signOut } from '../helpers/shell.ts';

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ locale: 'en-US' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('first run, sign-in and sign-out in the browser', () => {
  it('opens first-run setup on an empty installation and lands the new SuperAdmin on the dashboard', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/sign-up');
    await page.fill('input[name=company]', 'Frutería Ana');
    await page.fill('input[name=full_name]', 'Ana Ruiz');
    await page.fill('input[name=email]', 'ana@fruteria.es');
    await page.fill('input[name=password]', 'weakpassword');
    await page.fill('input[name=confirmPassword]', 'weakpassword');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('#field-password-error')).toBe('Password must contain at least one number');
    await page.fill('input[name=password]', 'Fruta#2026');
    await page.fill('input[name=confirmPassword]', 'Fruta#2026');
    await page.click('button[type=submit]');
    await page.waitForURL('**/dashboard');
    expect(await page.textContent('[data-testid=current-user]')).toContain('Ana Ruiz');
    await page.close();
  });

  it('before its script runs, the sign-in form cannot be sent: no password in the address, and the button waits', async () => {
    // Without JavaScript the page is what a browser shows before the island hydrates (a slow
    // phone, a busy machine): the browser's own submit would be a GET with every field in the URL.
    const visitor = await browser.newContext({ locale: 'en-US', javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto(`${server.url}/sign-in`);
    expect(await page.isDisabled('[data-testid=sign-in-form] button[type=submit]')).toBe(true);
    await page.fill('input[name=email]', 'ana@fruteria.es');
    await page.fill('input[name=password]', 'Fruta#2026');
    await page.press('input[name=password]', 'Enter');
    await page.waitForLoadState();
    expect(page.url()).toBe(`${server.url}/sign-in`);
    await visitor.close();
  });

  it('a form whose island has not hydrated is held: the browser does not send it with its fields in the address', async () => {
    // The islands' code never arrives (a slow phone, a busy machine): the page stays as the server
    // sent it, with its blocking head script (hold-unhydrated-forms.ts).
    const visitor = await browser.newContext({ locale: 'en-US' });
    const page = await visitor.newPage();
    await page.route('**/_astro/**/*.js', (route) => route.abort());
    await page.goto(`${server.url}/forgot-password`, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('astro-island[ssr] form').count()).toBe(1);
    await page.evaluate(() => window.addEventListener('submit', (event) => ((window as unknown as { held?: boolean }).held = event.defaultPrevented)));
    await page.fill('input[name=email]', 'ana@fruteria.es');
    await page.press('input[name=email]', 'Enter');
    // Were the submit sent, this page (and the flag) would be gone: the wait would fail.
    await page.waitForFunction(() => (window as unknown as { held?: boolean }).held !== undefined);
    expect(await page.evaluate(() => (window as unknown as { held?: boolean }).held)).toBe(true);
    expect(page.url()).toBe(`${server.url}/forgot-password`);
    await visitor.close();
  });

  it('signs out and back to sign-in, then returns to the requested page after signing in', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await signOut(page);
    await page.waitForURL('**/sign-in');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').signedIn)).toBe(false);

    await page.goto(`${server.url}/employees`);
    await page.waitForURL('**/sign-in?redirectUrl=%2Femployees');
    await page.fill('input[name=email]', 'ana@fruteria.es');
    await page.fill('input[name=password]', 'wrong-Password1');
    await page.click('button[type=submit]');
    expect(await page.locator('[role=alert]').textContent()).toBe('Wrong email or password');
    await page.fill('input[name=password]', 'Fruta#2026');
    await page.click('button[type=submit]');
    await page.waitForURL('**/employees');
    expect(await page.textContent('[data-testid=page-title]')).toBe('Employees');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').user.full_name)).toBe('Ana Ruiz');
    await signOut(page);
    await page.waitForURL('**/sign-in');
    await page.close();
  });

  it('never follows an off-site redirectUrl', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/sign-in?redirectUrl=${encodeURIComponent('//evil.example/x')}`);
    await page.fill('input[name=email]', 'ana@fruteria.es');
    await page.fill('input[name=password]', 'Fruta#2026');
    await page.click('button[type=submit]');
    await page.waitForURL('**/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(server.url).host);
    await signOut(page);
    await page.waitForURL('**/sign-in');
    await page.close();
  });

  it('lands an employee on the personal dashboard and denies admin pages', async () => {
    await addAccount(server.dataDir, { email: 'luis@fruteria.es', password: 'Luis#2026', accountType: 'Employee' });
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.fill('input[name=email]', 'luis@fruteria.es');
    await page.fill('input[name=password]', 'Luis#2026');
    await page.click('button[type=submit]');
    await page.waitForURL('**/personal/dashboard');
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/access-denied');
    expect(await page.textContent('main')).toContain('Access Denied: You do not have permission to visit this page.');
    await page.close();
  });

  it('shows the sign-in page in Spanish by default', async () => {
    const spanish = await launchBrowser({ locale: 'fr-FR' });
    try {
      const page = await spanish.context.newPage();
      await page.goto(`${server.url}/sign-in`);
      expect(await page.textContent('h1')).toBe('Bienvenido de nuevo');
      await page.fill('input[name=email]', 'nadie@fruteria.es');
      await page.fill('input[name=password]', 'Nadie#2026');
      await page.click('button[type=submit]');
      expect(await page.locator('[role=alert]').textContent()).toBe('Correo electrónico o contraseña incorrectos');
    } finally {
      await spanish.close();
    }
  });
});
