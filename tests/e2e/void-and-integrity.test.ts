import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, weekdayOf } from '../../src/domain/time/zoned-time.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';

/**
 * Issue 18.4 and 18.6 in the browser (decision 033): the attendance list's "Void" dialog with its
 * required reason, the voided day struck through, and Settings › Record integrity. Screenshots
 * go to SCREENSHOT_DIR (default /tmp/jornada-chain-shots).
 */
let server: TestServer;
let page: Page;
let session: E2eSession;
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/jornada-chain-shots';

const today = localDateOf(new Date(), 'Europe/Lisbon');
const workDay = (() => {
  for (let back = 63; back < 89; back++) {
    const date = addDays(today, -back);
    if (!['Saturday', 'Sunday'].includes(weekdayOf(date))) return date;
  }
  throw new Error('no date');
})();

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB' });
  ({ server, page } = session);
  (await import('node:fs')).mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => session?.close());

async function useLanguage(lang: 'en' | 'es') {
  await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
}

describe('voiding and record integrity in the browser', () => {
  it('voids a manual day with a reason; the list strikes it through', async () => {
    const carmen = await page.evaluate(async () => (await (await fetch('/api/employees?q=Carmen%20Ruiz')).json()).data[0]._id as number);
    const made = await page.evaluate(
      async ([employee, date]) =>
        (await fetch('/api/attendances', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ employee, date, timeIn: '09:00', timeOut: '17:00', reason: 'Typed by hand' }) })).status,
      [carmen, workDay] as const,
    );
    expect(made).toBe(201);
    for (const lang of ['en', 'es'] as const) {
      await useLanguage(lang);
      await page.goto(`${server.url}/attendance?employee=${carmen}&from=${workDay}&to=${workDay}`);
      await page.waitForSelector('[data-testid=void-attendance]');
      await page.click('[data-testid=void-attendance]');
      await page.waitForSelector('[data-testid=void-reason]');
      // Without a reason the server's translated field error shows under the field.
      await page.click('[data-testid=confirm-void]');
      const error = await page.waitForSelector('#void-reason-error');
      expect(await error.textContent()).toBe(lang === 'en' ? 'Write why this day is voided.' : 'Escribe por qué se anula este día.');
      await page.fill('[data-testid=void-reason]', lang === 'en' ? 'Entered for the wrong employee' : 'Registrado para otra persona');
      await shootWidthsAndThemes(page, SHOTS, `void-dialog-${lang}`);
      if (lang === 'en') {
        // The English pass closes the dialog without voiding; the Spanish one voids.
        await page.keyboard.press('Escape');
        continue;
      }
      await Promise.all([page.waitForResponse((r) => r.url().includes('/void') && r.status() === 200), page.click('[data-testid=confirm-void]')]);
      await page.waitForSelector('[data-testid=voided]');
      expect(await page.textContent('[data-testid=voided]')).toContain('Anulada');
      expect(await page.$('tbody del')).not.toBeNull();
      expect(await page.$('[data-testid=void-attendance]')).toBeNull();
      await shootWidthsAndThemes(page, SHOTS, `voided-list-${lang}`);
      // The monthly record lists it in the day's notes and prints the chain head.
      await page.goto(`${server.url}/reports/employee-attendance?view=record&month=${workDay.slice(0, 7)}&employee=${carmen}`);
      const record = await page.waitForSelector('[data-testid=monthly-record]');
      expect(await record.textContent()).toContain('Registro anulado: Registrado para otra persona');
      expect(await page.textContent('[data-testid=chain-head]')).toMatch(/Cabeza de la cadena de registros: #\d+ · [0-9a-f]{16}, /);
      await page.$eval(`tr[data-date="${workDay}"]`, (tr) => tr.scrollIntoView({ block: 'center' }));
      await shootWidthsAndThemes(page, SHOTS, `voided-record-${lang}`);
    }
  });

  it('Settings › Record integrity runs the check and shows the chain head', async () => {
    for (const lang of ['en', 'es'] as const) {
      await useLanguage(lang);
      await page.goto(`${server.url}/setting#integrity`);
      // The second pass is a same-document (hash) navigation: load it again in the new language.
      if (lang === 'es') await page.reload();
      const result = await page.waitForSelector('[data-testid=integrity-result]');
      expect(await result.getAttribute('data-ok')).toBe('true');
      expect(await result.textContent()).toMatch(lang === 'en' ? /The record chain is intact: \d+ entries checked\./ : /La cadena de registros está intacta: \d+ entradas comprobadas\./);
      expect(await page.textContent('[data-testid=integrity-heads]')).toMatch(/#\d+ · [0-9a-f]{16}/);
      await shootWidthsAndThemes(page, SHOTS, `integrity-${lang}`);
    }
  });
});
