import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type DemoAccount, type E2eSession } from '../helpers/e2e-session.ts';
import { layoutProblems, menuPaths, usePreferences, watchProblems, type PageProblems } from '../helpers/page-audit.ts';
import { ROOT } from '../helpers/test-server.ts';

/**
 * Issue 17 (done when): a browser run over every page of the menu, as an admin and as an
 * employee, in es and en, light and dark, at 1440 and 390 px, logs no console error, no page
 * error and no CSP violation, never scrolls sideways, and keeps every list's row actions on
 * screen (17.5). Screenshots of each page go to tests/.tmp/screenshots/pages/.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots', 'pages');
/**
 * Four runs per account: each language and each width once, light and dark crossed with them
 * (es light and en dark at 1440, es dark and en light at 390). All sixteen would take a quarter
 * of an hour on a 2-core machine; the mode changes colours only, never the layout or the code run.
 */
const RUNS = [
  { lang: 'es', mode: 'light', width: 1440 },
  { lang: 'en', mode: 'dark', width: 1440 },
  { lang: 'es', mode: 'dark', width: 390 },
  { lang: 'en', mode: 'light', width: 390 },
] as const;

/** Pages reached from the menu's pages that the menu does not name (forms opened by a link). */
const EXTRA: Record<DemoAccount, string[]> = {
  admin: ['/account-setting', '/department?new=1', '/employee-create', '/attendance-create', '/schedule-create', '/users-create'],
  manager: [],
  employee: ['/personal/leave-create'],
};

for (const account of ['admin', 'employee'] as const) {
  describe(`every page as ${account}`, () => {
    let session: E2eSession;
    let page: Page;
    let take: () => Promise<PageProblems>;
    let paths: string[] = [];

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      session = await startDemoSession({
        account,
        locale: 'es-ES',
        preparePage: async (p) => {
          ({ take } = await watchProblems(p));
        },
      });
      page = session.page;
      paths = [...(await menuPaths(page)), ...EXTRA[account]];
      await take();
    });
    afterAll(() => session?.close());

    it('has a menu to walk', () => {
      expect(paths.length).toBeGreaterThan(account === 'admin' ? 15 : 5);
    });

    for (const { lang, mode, width } of RUNS) {
      it(`${lang}, ${mode}, ${width} px: no console error, no sideways scroll, actions on screen`, { timeout: 240_000 }, async () => {
        await page.setViewportSize({ width, height: 900 });
        await usePreferences(session.browser.context, page, session.server.url, lang, mode);
        const found: string[] = [];
        for (const p of paths) {
          await page.goto(`${session.server.url}${p}`, { waitUntil: 'load', timeout: 60_000 });
          // Lists fetch their rows after hydration: wait until none is busy.
          await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20_000 }).catch(() => {});
          expect(await page.evaluate(() => document.documentElement.lang), p).toBe(lang);
          const problems = await take();
          for (const m of [...problems.console, ...problems.pageErrors, ...problems.csp]) found.push(`${p}: ${m}`);
          for (const m of await layoutProblems(page)) found.push(`${p}: ${m}`);
          const name = `${account}-${p.replace(/[/?=]+/g, '_').replace(/^_/, '') || 'home'}-${lang}-${mode}-${width}.png`;
          // A screenshot is for people to look at; a slow one (fonts) is not a failure of the page.
          await page.screenshot({ path: path.join(SHOTS, name), timeout: 10_000 }).catch(() => {});
        }
        if (found.length > 0) console.log(`${account} ${lang} ${mode} ${width}:\n${found.join('\n')}`);
        expect(found).toEqual([]);
      });
    }
  });
}
