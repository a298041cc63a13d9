import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';

let server: TestServer;
let page: Page;
let session: E2eSession;

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB' });
  ({ server, page } = session);
});
afterAll(() => session?.close());

const rows = () => page.$$eval('tbody tr', (trs) => trs.map((tr) => (tr.querySelector('td') as HTMLElement).innerText));

describe('organisation tables in the browser', () => {
  it('creates a department: empty fields first, then a valid one', async () => {
    await page.goto(`${server.url}/department`);
    await page.waitForSelector('tbody tr');
    expect(await rows()).toHaveLength(3);
    await page.click('[data-testid=add-record]');
    await page.click('[data-testid=org-form] button[type=submit]');
    expect(await page.textContent('#org-name-error')).toBe('Please fill out all fields');
    await page.fill('#org-name', 'Reparto');
    await page.selectOption('#org-company', { label: 'Panadería La Espiga' });
    await page.click('[data-testid=org-form] button[type=submit]');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Changes saved!');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 4);
    expect(await rows()).toContain('Reparto');
  });

  it('searches and sorts on the server', async () => {
    await page.fill('[data-testid=table-search]', 'repa');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await rows()).toEqual(['Reparto']);
    await page.fill('[data-testid=table-search]', '');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 4);
    const ascending = await rows();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
    await page.click('th button:has-text("Name")');
    await page.waitForFunction((first) => (document.querySelector('tbody tr td') as HTMLElement).innerText !== first, ascending[0]);
    expect(await rows()).toEqual([...ascending].reverse());
    expect(await page.getAttribute('th[aria-sort]', 'aria-sort')).toBe('descending');
  });

  it('refuses to delete a department with employees, and deletes an unused one after confirmation', async () => {
    await page.click('button[aria-label="Delete Obrador"]');
    expect(await page.textContent('dialog[open]')).toContain('This action cannot be undone.');
    await page.click('[data-testid=confirm-delete]');
    await page.waitForSelector('[data-sonner-toast][data-type=error]');
    expect(await page.textContent('[data-sonner-toast][data-type=error]')).toContain('This department still has employees.');
    await page.keyboard.press('Escape');
    await page.click('button[aria-label="Delete Reparto"]');
    await page.click('[data-testid=confirm-delete]');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 3);
    expect(await rows()).not.toContain('Reparto');
  });

  it('creates a leave group with its privilege, filtered by company', async () => {
    await page.goto(`${server.url}/leavegroup`);
    await page.waitForSelector('tbody tr');
    await page.click('[data-testid=add-record]');
    // The only company is chosen already (issue 17.8), so its leave types are offered at once;
    // with no company the list asks for one first.
    await page.waitForSelector('[data-testid=org-form]');
    expect(await page.textContent('#org-company option:checked')).toBe('Panadería La Espiga');
    await page.selectOption('#org-company', '');
    expect(await page.textContent('[data-testid=org-form] fieldset')).toContain('Choose a company first.');
    await page.fill('#org-name', 'Turno de noche');
    await page.fill('#org-description', 'Personal del obrador nocturno');
    await page.selectOption('#org-company', { label: 'Panadería La Espiga' });
    await page.check('label:has-text("Vacaciones") input');
    await page.click('[data-testid=org-form] button[type=submit]');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    expect(await page.textContent('tbody')).toContain('Vacaciones');
  });
});

describe('settings and account in the browser', () => {
  it('saves settings and shows them after a reload', async () => {
    await page.goto(`${server.url}/setting`);
    await page.waitForSelector('[data-testid=save-settings]');
    await page.fill('#setting-timezone', 'Europe/Madrid');
    await page.selectOption('#setting-timeFormat', '2');
    await page.click('[data-testid=save-settings]');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Settings saved successfully!');
    await page.reload();
    await page.waitForSelector('#setting-timezone');
    expect(await page.inputValue('#setting-timezone')).toBe('Europe/Madrid');
    await page.click('[data-testid=settings-tab-safeguarding]');
    await page.fill('#setting-ipRestriction', '10.0.0.1, 300.1.1.1');
    expect(await page.textContent('[role=alert]')).toBe('Not valid: 300.1.1.1');
    expect(await page.isDisabled('[data-testid=save-settings]')).toBe(true);
  });

  it('changes the password with the rules of the spec', async () => {
    await page.goto(`${server.url}/account-setting`);
    await page.fill('#pw-currentPassword', 'Demo#2026');
    await page.fill('#pw-newPassword', 'nouppercase1!');
    await page.fill('#pw-confirmPassword', 'nouppercase1!');
    await page.click('[data-testid=change-password] button[type=submit]');
    expect(await page.textContent('#pw-newPassword-error')).toBe('Password must contain at least one uppercase letter');
    await page.fill('#pw-newPassword', 'Nuevo#2027');
    await page.fill('#pw-confirmPassword', 'Nuevo#2027');
    await page.click('[data-testid=change-password] button[type=submit]');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Password changed successfully!');
    // Still signed in on this device.
    await page.goto(`${server.url}/dashboard`);
    expect(page.url()).toContain('/dashboard');
  });
});
