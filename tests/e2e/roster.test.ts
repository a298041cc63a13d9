import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { signInDemo, startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { hydrated } from '../helpers/hydrated.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Issue 39.2 end to end (decision 089), only what needs a browser: the administrator drags a
 * template from the palette onto Javier Moreno's Wednesday, sees it as a draft, publishes (asked
 * first), and Javier, on a 390 px phone, has that shift in his schedule and subscribes his calendar
 * to the private feed (fetched and parsed with ical.js). The server's clock is
 * fixed on Monday 1 March 2027 so the week shown is always the same.
 */
let clockDir: string;
let session: E2eSession;
let admin: Page;
let javier: { _id: number; department: number };
const WEDNESDAY = '2027-03-03';

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-roster-e2e-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '09:00', 'Europe/Madrid'));
  session = await startDemoSession({ account: 'admin', locale: 'en-GB', env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = session.page;
  javier = await admin.evaluate(async () => ((await (await fetch('/api/employees?q=Javier%20Moreno')).json()) as { data: { _id: number; department: number }[] }).data[0]!);
  const created = await admin.evaluate(async () => {
    const res = await fetch('/api/shift-templates', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Late E2E', startTime: '14:00', endTime: '22:00', breakMinutes: 30, colour: '#d97706', department: null }),
    });
    return res.status;
  });
  expect(created).toBe(201);
}, 120_000);

afterAll(async () => {
  await session?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the roster grid', () => {
  it('an admin drags a template onto a day, publishes, and the worker sees the shift on the phone', async () => {
    await admin.setViewportSize({ width: 1440, height: 1400 });
    await admin.goto(`${session.server.url}/roster`);
    await hydrated(admin, '[data-testid=roster-department]');
    await admin.selectOption('[data-testid=roster-department]', String(javier.department));
    const cell = admin.locator(`[data-testid=roster-cell][data-employee="${javier._id}"][data-date="${WEDNESDAY}"]`);
    await cell.waitFor();
    const template = admin.locator('[data-testid=palette-template]', { hasText: 'Late E2E' });
    await cell.scrollIntoViewIfNeeded();
    // The grid's answer for the chosen department settled: nothing moves the cells under the drag.
    await admin.waitForLoadState('networkidle');
    // dnd-kit's pointer sensor starts after 6 px of movement: press, move in steps, release.
    const from = (await template.boundingBox())!;
    const to = (await cell.boundingBox())!;
    await admin.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await admin.mouse.down();
    await admin.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
    await admin.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    // Released only once the grid highlights Javier's Wednesday as the drop target, as a user would.
    await admin.locator(`[data-testid=roster-cell][data-over][data-employee="${javier._id}"][data-date="${WEDNESDAY}"]`).waitFor();
    await admin.mouse.up();
    await cell.getByTestId('shift-chip').waitFor();
    expect(await cell.innerText()).toContain('14:00–22:00');
    expect(await cell.getByTestId('draft-badge').innerText()).toBe('Draft');
    await waitFor('an unpublished change counted', async () => Number(await admin.getByTestId('unpublished-count').innerText()) > 0);

    await admin.getByTestId('publish').click();
    const dialog = admin.getByTestId('publish-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('gets an email');
    await admin.getByTestId('publish-confirm').click();
    await admin.getByText(/^Published: \d+ days? changed/).waitFor();
    await waitFor('the shift published', async () => (await cell.getByTestId('draft-badge').count()) === 0);

    const phone = await launchBrowser({ locale: 'en-GB' });
    try {
      const worker = await phone.context.newPage();
      await worker.setViewportSize({ width: 390, height: 844 });
      await signInDemo(worker, session.server.url, 'employee');
      const plan = await worker.evaluate(async () => ((await (await fetch('/api/personal/schedule')).json()) as { data: { plan: { date: string; startTime: string | null; offTime: string | null }[] } }).data.plan);
      expect(plan.find((d) => d.date === WEDNESDAY)).toMatchObject({ startTime: '14:00', offTime: '22:00' });
      await worker.goto(`${session.server.url}/personal/schedule`);
      expect(await worker.locator('main').innerText()).toContain('14:00');
      // He subscribes his phone's calendar: the secret URL is shown once; the feed it serves, parsed
      // with ical.js, holds the shift in the company's time zone.
      await hydrated(worker, '[data-testid=feed-create]');
      await worker.getByTestId('feed-create').click();
      const url = await worker.getByTestId('feed-url').inputValue();
      expect(url).toMatch(/\/calendar\/[^/]+\.ics$/);
      const feed = await fetch(new URL(new URL(url).pathname, session.server.url));
      expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
      const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
      const event = calendar
        .getAllSubcomponents('vevent')
        .map((e) => new ICAL.Event(e))
        .find((e) => e.startDate.toString().startsWith(WEDNESDAY));
      expect(event?.startDate.toString()).toBe(`${WEDNESDAY}T14:00:00`);
      expect(event?.endDate.toString()).toBe(`${WEDNESDAY}T22:00:00`);
      // The test servers' demo company keeps the record in Europe/Lisbon (tests/helpers/test-server.ts).
      expect(event?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Lisbon');
    } finally {
      await phone.close();
    }
  }, 180_000);

  it('with the keyboard: Space picks a shift up, an arrow moves it one day, Space drops it; Enter opens the menu, Delete removes', async () => {
    const wednesday = admin.locator(`[data-testid=roster-cell][data-employee="${javier._id}"][data-date="${WEDNESDAY}"]`);
    const thursday = admin.locator(`[data-testid=roster-cell][data-employee="${javier._id}"][data-date="2027-03-04"]`);
    await wednesday.focus();
    // Each key waits for what it does (dnd-kit listens for the arrows once the drag has started).
    await admin.keyboard.press('Space');
    await admin.getByTestId('drag-overlay').waitFor();
    await admin.keyboard.press('ArrowRight');
    await admin.locator(`[data-testid=roster-cell][data-over][data-employee="${javier._id}"][data-date="2027-03-04"]`).waitFor();
    await admin.keyboard.press('Space');
    await thursday.getByTestId('shift-chip').waitFor();
    await waitFor('the shift left Wednesday', async () => (await wednesday.getByTestId('shift-chip').count()) === 0);
    await thursday.focus();
    await admin.keyboard.press('Enter');
    await admin.getByTestId('cell-menu').waitFor();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('cell-menu').waitFor({ state: 'hidden' });
    await thursday.focus();
    await admin.keyboard.press('Delete');
    await waitFor('the shift removed', async () => (await thursday.getByTestId('shift-chip').count()) === 0);
  }, 120_000);
});
