import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../helpers/shell.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession, signInDemo } from '../helpers/e2e-session.ts';

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const ROLE = 'Jefe de reparto';
const EMAIL = 'reparto@demo.jornada';
const PASSWORD = 'Reparto#2026';

let server: TestServer;
let page: Page;
let session: E2eSession;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({
    account: 'admin',
    locale: 'en-GB',
    preparePage: async (page) => {
      // Tall enough for the whole permissions dialog in the screenshots.
      await page.setViewportSize({ width: 1280, height: 1100 });
    },
  });
  ({ server, page } = session);
});
afterAll(() => session?.close());

const checked = (testId: string) => page.isChecked(`[data-testid="${testId}"]`);

/** Screenshots in light and dark mode (the mode class is set directly: a modal blocks the header). */
async function shoot(name: string, selector?: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((dark) => {
      document.documentElement.classList.toggle('dark', dark);
      document.documentElement.classList.toggle('light', !dark);
    }, mode === 'dark');
    const file = path.join(SHOTS, `${name}-${mode}.png`);
    if (selector) await page.locator(selector).screenshot({ path: file });
    else await page.screenshot({ path: file });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  });
}

describe('users and roles in the browser', () => {
  it('shows the users table with role, account type, status and last sign-in', async () => {
    await page.goto(`${server.url}/users`);
    await page.waitForSelector('#panel-users tbody tr');
    const text = await page.textContent('#panel-users table');
    expect(text).toContain('admin@demo.jornada');
    expect(text).toContain('Super administrator');
    expect(text).toContain('Enabled');
    expect(await page.isVisible('[data-testid=add-user]')).toBe(true);
    await shoot('users');
  });

  it('creates a role with a partial matrix, using the whole-row toggle for one area', async () => {
    await page.click('[data-testid=tab-roles]');
    await page.waitForSelector('#panel-roles tbody tr');
    expect(page.url()).toMatch(/#roles$/);
    await shoot('roles');
    await page.click('[data-testid=add-role]');
    await page.waitForSelector('[data-testid=permissions-matrix]');
    await page.click('[data-testid=role-form] button[type=submit]');
    expect(await page.textContent('#role-name-error')).toBe('Please fill out all fields');

    await page.fill('#role-name', ROLE);
    await page.check('[data-testid=matrix-row-dashboard]');
    for (const action of ['create', 'read', 'update', 'delete', 'archive']) expect(await checked(`matrix-dashboard-${action}`), action).toBe(true);
    await page.check('[data-testid=matrix-department-read]');
    await page.check('[data-testid=matrix-department-create]');
    expect(await page.evaluate(() => (document.querySelector('[data-testid=matrix-row-department]') as HTMLInputElement).indeterminate)).toBe(true);
    expect(await page.getAttribute('[data-testid=matrix-column-read]', 'aria-label')).toBe('Read on every area');
    expect(await page.getAttribute('[data-testid=matrix-row-department]', 'aria-label')).toBe('Every action on Departments');
    expect(await checked('matrix-employee-read')).toBe(false);
    await shoot('role-matrix', 'dialog[open]');

    await page.click('[data-testid=role-form] button[type=submit]');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Changes saved!');
    await page.waitForSelector(`#panel-roles tbody tr:has-text("${ROLE}")`);
    expect(await page.textContent(`#panel-roles tbody tr:has-text("${ROLE}")`)).toContain('Changes 2 areas'); // issue 17.6: what the role grants, not "2 of 14 areas"
  });

  it('creates an Admin user with that role: rules shown, errors per field, back to the list with the message', async () => {
    await page.goto(`${server.url}/users-create`);
    await page.waitForSelector('#user-role option:has-text("Jefe de reparto")', { state: 'attached' });
    expect(await page.textContent('#user-accountType')).toContain('Super administrator');
    // One company in the installation: the new account belongs to it without asking (issue 34.1).
    await expect.poll(() => page.inputValue('#user-company')).not.toBe('');
    await page.fill('#user-name', 'Rosa Reparto');
    await page.fill('#user-email', 'admin@demo.jornada');
    await page.selectOption('#user-accountType', 'Admin');
    await page.selectOption('#user-role', { label: ROLE });
    await page.fill('#user-password', 'reparto#2026');
    await page.fill('#user-confirmPassword', 'reparto#2026');
    await page.click('[data-testid=save-user]');
    expect(await page.textContent('#user-password-error')).toBe('Password must contain at least one uppercase letter');
    await shoot('user-form');
    await page.fill('#user-password', PASSWORD);
    await page.fill('#user-confirmPassword', PASSWORD);
    await page.click('[data-testid=save-user]');
    await page.waitForSelector('#user-email-error');
    expect(await page.textContent('#user-email-error')).toBe('A user with this email already exists.');
    await page.fill('#user-email', EMAIL);
    await page.click('[data-testid=save-user]');
    await page.waitForURL('**/users');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('User created successfully!');
    await page.fill('[data-testid=table-search]', 'reparto');
    await page.waitForFunction(() => document.querySelectorAll('#panel-users tbody tr').length === 1);
    const row = await page.textContent('#panel-users tbody tr');
    expect(row).toContain(EMAIL);
    expect(row).toContain(ROLE);
    expect(row).toContain('Never');
  });

  it('the new user sees only what the role allows', async () => {
    await signOut(page);
    await signIn(page, server.url, EMAIL, PASSWORD, '/dashboard');
    expect(await page.locator('#side-nav a[href="/department"]').count()).toBeGreaterThan(0);
    expect(await page.locator('#side-nav a[href="/employees"]').count()).toBe(0);
    expect(await page.locator('#side-nav a[href="/company"]').count()).toBe(0);
    await page.goto(`${server.url}/employees`);
    expect(new URL(page.url()).pathname).toBe('/access-denied');
    await page.goto(`${server.url}/department`);
    await page.waitForSelector('tbody tr');
    expect(await page.isVisible('[data-testid=add-record]')).toBe(true);
    expect(await page.locator('button[aria-label^="Delete "]').count()).toBe(0);
    await page.goto(`${server.url}/users`);
    expect(await page.textContent('#panel-users')).toContain('You do not have permission to view users.');
  });

  it('an administrator edits the user (password left empty) and deletes them after confirming', async () => {
    await signOut(page);
    await signInDemo(page, server.url, 'admin');
    await page.goto(`${server.url}/users`);
    await page.fill('[data-testid=table-search]', 'reparto');
    await page.waitForFunction(() => document.querySelectorAll('#panel-users tbody tr').length === 1);
    await page.click('a[aria-label="Edit Rosa Reparto"]');
    await page.waitForURL('**/users-edit/*');
    await page.waitForSelector('#user-role option:has-text("Jefe de reparto")', { state: 'attached' });
    expect(await page.inputValue('#user-email')).toBe(EMAIL);
    expect(await page.textContent('#user-password-hint')).toContain('Leave both empty to keep the current password.');
    await page.fill('#user-name', 'Rosa Reparto Díaz');
    await page.selectOption('#user-status', 'disabled');
    await page.click('[data-testid=save-user]');
    await page.waitForURL('**/users');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('User updated successfully!');
    await page.selectOption('[data-testid=filter-status]', 'disabled');
    await page.waitForSelector('#panel-users tbody tr:has-text("Rosa Reparto Díaz")');
    expect(await page.textContent('#panel-users tbody tr:has-text("Rosa Reparto Díaz")')).toContain('Disabled');

    await page.click('button[aria-label="Delete Rosa Reparto Díaz"]');
    expect(await page.textContent('dialog[open]')).toContain('This action cannot be undone.');
    await page.click('[data-testid=confirm-delete]');
    await page.waitForSelector('[data-sonner-toast]:has-text("User deleted successfully!")');
    await page.waitForSelector('[data-testid=table-empty]');
  });
});
