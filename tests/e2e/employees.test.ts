import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';

const SHOTS = process.env['EMPLOYEE_SHOTS'] ?? '/tmp/employee-shots';

let server: TestServer;
let page: Page;
let session: E2eSession;

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB' });
  ({ server, page } = session);
});
afterAll(() => session?.close());

describe('employee register in the browser', () => {
  it('creates an employee: spec messages first, then saved and shown', async () => {
    await page.goto(`${server.url}/employees`);
    await page.waitForSelector('tbody tr');
    expect(await page.textContent('[data-testid=table-range]')).toBe('1–10 of 25');
    await page.click('[data-testid=add-employee]');
    await page.waitForSelector('[data-testid=employee-form]');
    await page.fill('#emp-email', 'not-an-email');
    await page.fill('#emp-pin', '12');
    await page.click('[data-testid=employee-form] button[type=submit]');
    expect(await page.textContent('#emp-email-error')).toBe('Invalid email address');
    expect(await page.textContent('#emp-pin-error')).toBe('The PIN must have 6 to 10 digits');
    expect(await page.textContent('#emp-firstName-error')).toBe('This field is required');
    // Each select names what is missing (issue 37 point 6), not "Please fill out all fields".
    expect(await page.textContent('#emp-jobTitle-error')).toBe('Choose the job title.');
    expect(await page.textContent('#emp-department-error')).toBe('Choose the department.');

    await page.fill('#emp-firstName', 'Lucía');
    await page.fill('#emp-lastName', 'Navarro Gil');
    await page.selectOption('#emp-gender', 'female');
    await page.fill('#emp-birthday', '1992-03-14');
    expect(await page.textContent('[data-testid=employee-form]')).toMatch(/Age: \d+/);
    await page.fill('#emp-nationalId', '11223344B');
    // A baker without an email can be added (issue 37 point 6): the field is optional.
    await page.fill('#emp-email', '');
    expect(await page.getAttribute('#emp-email', 'aria-required')).toBeNull();
    await page.selectOption('#emp-company', { label: 'Panadería La Espiga' });
    // The job title lists the company's titles before a department is chosen, and brings its department.
    await page.selectOption('#emp-jobTitle', { label: 'Dependiente' });
    await page.waitForFunction(() => (document.querySelector('#emp-department') as HTMLSelectElement).selectedOptions[0]?.text === 'Tienda');
    await page.selectOption('#emp-leaveGroup', { label: 'General' });
    await shootWidthsAndThemes(page, SHOTS, 'employee-form-en');
    await page.fill('#emp-pin', '100002');
    await page.click('[data-testid=employee-form] button[type=submit]');
    await page.waitForSelector('#emp-pin-error');
    expect(await page.textContent('#emp-pin-error')).toBe('Another employee of this company already uses this PIN');
    await page.fill('#emp-pin', '5566778');
    await page.click('[data-testid=employee-form] button[type=submit]');
    await page.waitForURL('**/employee-edit/*');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Employee created successfully!');
    // The PIN is never shown again.
    expect(await page.inputValue('#emp-pin')).toBe('');
    expect(await page.content()).not.toContain('5566778');
  });

  it('edits with the PIN kept, and shows the details page', async () => {
    await page.fill('#emp-phone', '611 222 333');
    await page.click('[data-testid=employee-form] button[type=submit]');
    await page.waitForURL('**/employee-details/*');
    expect(await page.textContent('[data-testid=page-title]')).toBe('Lucía Navarro Gil');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Employee updated successfully!');
    expect(await page.textContent('main')).toContain('611 222 333');
    expect(await page.textContent('main')).toContain('No schedule found!');
  });

  it('lets the server choose a new PIN and shows it once', async () => {
    const id = /employee-details\/(\d+)/.exec(page.url())![1];
    await page.goto(`${server.url}/employee-edit/${id}`);
    await page.waitForSelector('[data-testid=employee-form]');
    await page.check('[data-testid=generate-pin]');
    expect(await page.isDisabled('#emp-pin')).toBe(true);
    await page.click('[data-testid=employee-form] button[type=submit]');
    await page.waitForSelector('[data-testid=generated-pin]');
    expect(await page.textContent('[data-testid=generated-pin]')).toMatch(/Employee updated successfully!.*PIN: \d{6}/);
    await page.click('[data-testid=generated-pin] button');
    await page.waitForURL('**/employee-details/*');
  });

  it('discards a form with "Employee discarded!"', async () => {
    await page.goto(`${server.url}/employee-create`);
    await page.waitForSelector('[data-testid=employee-form]');
    await page.click('[data-testid=discard]');
    await page.waitForURL('**/employees');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Employee discarded!');
  });

  it('searches, archives the selected employee and finds it under archived', async () => {
    await page.fill('[data-testid=table-search]', 'Navarro Gil');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    // Ticked with the keyboard, the checkbox keeps the focus (issue 37.16, WCAG 2.4.3): the list
    // used to rebuild its cells on every selection and drop the focus to the page.
    await page.focus('tbody tr input[type=checkbox]');
    await page.keyboard.press('Space');
    await expect.poll(() => page.isChecked('tbody tr input[type=checkbox]')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.matches('tbody tr input[type=checkbox]'))).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => page.isChecked('tbody tr input[type=checkbox]')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.matches('tbody tr input[type=checkbox]'))).toBe(true);
    await page.check('tbody tr input[type=checkbox]');
    await page.click('[data-testid=bulk-archive]');
    await page.waitForSelector('[data-testid=table-empty]');
    await page.selectOption('[data-testid=status-filter]', 'archived');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await page.textContent('tbody')).toContain('Lucía Navarro Gil');
  });

  it('deletes the selected employee after the confirmation', async () => {
    await page.check('tbody tr input[type=checkbox]');
    await page.click('[data-testid=bulk-delete]');
    expect(await page.textContent('dialog[open]')).toContain('This action cannot be undone.');
    await page.click('[data-testid=confirm-delete]');
    await page.waitForSelector('[data-testid=table-empty]');
    expect(await page.textContent('[data-testid=table-empty]')).toContain('Nothing matches your search.');
    await page.fill('[data-testid=table-search]', '');
    await page.waitForFunction(() => document.querySelector('[data-testid=table-empty]')?.textContent?.includes('No archived employees.'));
  });

  it('shows "Employees do not exist!" for an unknown id', async () => {
    await page.goto(`${server.url}/employee-details/99999`);
    expect(await page.textContent('[data-testid=not-found]')).toContain('Employees do not exist!');
  });
});
