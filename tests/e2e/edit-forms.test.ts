import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';

/**
 * Issue 17.2 and 17.8: every edit form shows what the API stores (selects, ticked leave types,
 * a role's company), a new record's Company select starts on the only company, and required
 * fields carry one marker (visible "*", aria-required) in every form.
 */
let server: TestServer;
let page: Page;
let session: E2eSession;

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB', preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }) });
  ({ server, page } = session);
});
afterAll(() => session?.close());

type Json = Record<string, unknown> & { _id: number; name: string };
const apiGet = (path: string) => page.evaluate(async (p) => (await (await fetch(p)).json()) as { data: unknown }, path);
const apiPost = (path: string, body: unknown) =>
  page.evaluate(async ([p, b]) => (await (await fetch(p as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).json()) as { data: Json }, [path, body] as const);
const shot = (name: string) => page.screenshot({ path: `tests/.tmp/screenshots/${name}.png`, fullPage: true });
const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Opens the edit dialog of `record` on an organisation page (found through the list's search). */
async function openOrgEdit(pagePath: string, record: Json) {
  await page.goto(`${server.url}${pagePath}`);
  await page.waitForSelector('tbody tr');
  await page.fill('[data-testid=table-search]', record.name);
  await page.waitForFunction((name) => [...document.querySelectorAll('tbody tr')].some((tr) => tr.textContent?.includes(name)), record.name);
  await page.click(`button[aria-label="Edit ${record.name}"]`);
  await page.waitForSelector('[data-testid=org-form]');
}

/** Checks every field of the open organisation form against the stored record. */
async function expectOrgForm(stored: Json, fields: string[]) {
  for (const field of fields) expect(await page.inputValue(`#org-${field}`), field).toBe(asText(stored[field]));
}

async function firstOf(collection: string): Promise<Json> {
  const list = (await apiGet(`/api/${collection}?pageSize=1`)).data as Json[];
  expect(list.length, collection).toBeGreaterThan(0);
  return (await apiGet(`/api/${collection}/${list[0]!._id}`)).data as Json;
}

describe('edit forms show the stored values', () => {
  it('department', async () => {
    const stored = await firstOf('departments');
    await openOrgEdit('/department', stored);
    await expectOrgForm(stored, ['name', 'company']);
    expect(await page.inputValue('#org-company')).not.toBe('');
  });

  it('job title', async () => {
    const stored = await firstOf('job-titles');
    await openOrgEdit('/jobtitle', stored);
    await expectOrgForm(stored, ['name', 'company', 'department']);
    expect(await page.inputValue('#org-department')).not.toBe('');
  });

  it('leave type', async () => {
    const stored = await firstOf('leave-types');
    await openOrgEdit('/leavetype', stored);
    await expectOrgForm(stored, ['name', 'company', 'daysPerYear', 'drawsFromBalance']);
  });

  it('leave group, with its leave types ticked', async () => {
    const stored = await firstOf('leave-groups');
    expect((stored['privilege'] as number[]).length).toBeGreaterThan(0);
    await openOrgEdit('/leavegroup', stored);
    await expectOrgForm(stored, ['name', 'description', 'company', 'status']);
    const ticked = await page.$$eval('[data-field=privilege] input:checked', (inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
    expect(ticked.sort()).toEqual([...(stored['privilege'] as number[])].sort());
    await shot('edit-leave-group-en-1440');
  });

  it('holiday', async () => {
    const created = await apiPost('/api/holidays', { name: 'Fiesta del pan', date: '2026-05-15', company: 1 });
    const stored = (await apiGet(`/api/holidays/${created.data._id}`)).data as Json;
    await openOrgEdit('/holidays', stored);
    await expectOrgForm(stored, ['name', 'date', 'company']);
  });

  it('a company-scoped role shows its company', async () => {
    const created = await apiPost('/api/roles', { name: 'Encargada de obrador', company: 1, permissions: { employee: ['read'] } });
    const stored = (await apiGet(`/api/roles/${created.data._id}`)).data as Json;
    expect(stored['company']).toBe(1);
    await page.goto(`${server.url}/users`);
    await page.waitForSelector('#panel-users tbody tr');
    await page.click('[data-testid=tab-roles]');
    await page.waitForSelector(`#panel-roles tbody tr:has-text("${stored.name}")`);
    await page.click(`#panel-roles button[aria-label="Edit ${stored.name}"]`);
    await page.waitForSelector('[data-testid=role-form]');
    expect(await page.inputValue('#role-name')).toBe(stored.name);
    expect(await page.inputValue('#role-company')).toBe('1');
    expect(await page.textContent('#role-company option:checked')).not.toBe('All companies');
  });

  it('a user with a role, a company and an employee', async () => {
    const users = (await apiGet('/api/users?pageSize=100')).data as Json[];
    const withEmployee = users.find((u) => u['employee'] && u['company'] && u['role'])!;
    expect(withEmployee).toBeDefined();
    const stored = (await apiGet(`/api/users/${withEmployee._id}`)).data as Json;
    await page.goto(`${server.url}/users-edit/${stored._id}`);
    await page.waitForSelector('[data-testid=user-form]');
    for (const field of ['name', 'email', 'status', 'accountType', 'role', 'company', 'employee']) {
      expect(await page.inputValue(`#user-${field}`), field).toBe(asText(stored[field]));
    }
    expect(await page.inputValue('#user-employee')).not.toBe('');
    await shot('edit-user-en-1440');
  });
});

describe('first steps in the forms', () => {
  it('a new record of the only company starts with that company', async () => {
    const companies = (await apiGet('/api/companies')).data as Json[];
    expect(companies).toHaveLength(1);
    const only = String(companies[0]!._id);
    for (const path of ['/department', '/jobtitle', '/leavetype', '/leavegroup', '/holidays']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForSelector('tbody tr, [data-testid=table-empty]');
      await page.click('[data-testid=add-record] >> nth=0');
      await page.waitForSelector('[data-testid=org-form]');
      expect(await page.inputValue('#org-company'), path).toBe(only);
      // The leave group's leave types of that company are offered at once.
      if (path === '/leavegroup') expect(await page.locator('[data-testid=org-form] [data-field=privilege] input[type=checkbox]').count()).toBeGreaterThan(0);
    }
  });

  it('marks required fields: a visible "*" and aria-required, the same in every form', async () => {
    await page.goto(`${server.url}/employee-create`);
    await page.waitForSelector('[data-testid=employee-form]');
    const marked = await page.$$eval('[data-testid=employee-form] label:has([data-required-mark])', (labels) => labels.map((l) => l.getAttribute('for')));
    // Email is optional for a worker (issue 37.6, decision 075): no marker.
    expect(marked.sort()).toEqual(['firstName', 'lastName', 'gender', 'nationalId', 'company', 'department', 'jobTitle', 'leaveGroup', 'employmentType', 'pin'].map((f) => `emp-${f}`).sort());
    const ariaRequired = await page.$$eval('[data-testid=employee-form] [aria-required=true]', (els) => els.map((e) => e.id));
    expect(ariaRequired.sort()).toEqual([...marked].sort());
    expect(await page.textContent('[data-testid=employee-form] [data-testid=required-legend]')).toBe('Fields marked with * are required.');
    await shot('employee-create-required-en-1440');

    await page.goto(`${server.url}/leavetype`);
    await page.click('[data-testid=add-record] >> nth=0');
    await page.waitForSelector('[data-testid=org-form]');
    expect(await page.getAttribute('#org-name', 'aria-required')).toBe('true');
    expect(await page.getAttribute('#org-company', 'aria-required')).toBe('true');
    // The yearly allowance may stay empty (unlimited): no marker.
    expect(await page.getAttribute('#org-daysPerYear', 'aria-required')).toBeNull();
    expect(await page.locator('label[for=org-daysPerYear] [data-required-mark]').count()).toBe(0);

    await page.goto(`${server.url}/users-create`);
    await page.waitForSelector('[data-testid=user-form]');
    for (const f of ['name', 'email', 'role', 'password', 'confirmPassword']) expect(await page.getAttribute(`#user-${f}`, 'aria-required'), f).toBe('true');
    // An Employee (the form's default account type, never Administrator: issue 36.1) belongs to a company (issue 34.1).
    expect(await page.inputValue('#user-accountType')).toBe('Employee');
    expect(await page.getAttribute('#user-company', 'aria-required')).toBe('true');
  });

  it('shows the markers in Spanish at 390 px too', async () => {
    await page.context().addCookies([{ name: 'lang', value: 'es', url: server.url }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/employee-create`);
    await page.waitForSelector('[data-testid=employee-form]');
    expect(await page.textContent('[data-testid=employee-form] [data-testid=required-legend]')).toBe('Los campos marcados con * son obligatorios.');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('employee-create-required-es-390');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  });
});
