import type { BrowserContext, Page } from 'playwright-core';

/**
 * What a browser run over the pages checks (issue 17): console errors, uncaught page errors and
 * CSP violations are collected per page; the layout must not scroll sideways; every list's row
 * actions must be on screen.
 */
export interface PageProblems {
  console: string[];
  pageErrors: string[];
  csp: string[];
}

/** Starts collecting problems on `page`; `take()` returns and clears what was collected. */
export async function watchProblems(page: Page): Promise<{ take: () => Promise<PageProblems> }> {
  const problems: PageProblems = { console: [], pageErrors: [], csp: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.console.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  // Violations are also reported in the console; this names the directive and the blocked source.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return {
    take: async () => {
      const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
      const out = { console: [...problems.console], pageErrors: [...problems.pageErrors], csp: [...problems.csp, ...csp] };
      problems.console.length = 0;
      problems.pageErrors.length = 0;
      return out;
    },
  };
}

/** Sets the UI language (cookie and stored choice) and the light/dark mode for the next page load. */
export async function usePreferences(context: BrowserContext, page: Page, base: string, lang: 'es' | 'en', mode: 'light' | 'dark'): Promise<void> {
  await context.addCookies([{ name: 'lang', value: lang, url: base }]);
  await page.evaluate(
    ([l, m]) => {
      localStorage.setItem('lang', l!);
      const theme = JSON.parse(localStorage.getItem('theme') ?? '{}');
      localStorage.setItem('theme', JSON.stringify({ ...theme, mode: m }));
    },
    [lang, mode],
  );
}

/** The paths of the side menu as rendered for the signed-in account (groups opened). */
export async function menuPaths(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('#side-nav .nav-full a[href]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

/** Horizontal overflow of the document, and row actions outside their list's visible area. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      // Name the widest offenders to make a failure easy to fix.
      const wide = [...document.querySelectorAll<HTMLElement>('main *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`);
      out.push(`document ${root.scrollWidth}px wide in a ${window.innerWidth}px window (${wide.join(', ')})`);
    }
    document.querySelectorAll<HTMLElement>('td[data-column="_actions"]').forEach((cell, i) => {
      const box = cell.getBoundingClientRect();
      const frame = (cell.closest('.data-table-scroll') ?? root).getBoundingClientRect();
      const right = Math.min(frame.right, window.innerWidth);
      if (box.width > 0 && (box.right > right + 1 || box.left < Math.max(frame.left, 0) - 1)) out.push(`row actions ${i} outside the list (${Math.round(box.left)}-${Math.round(box.right)} of ${Math.round(right)})`);
    });
    // One toast area a page: each island's own would show every toast once more.
    const toasters = document.querySelectorAll('section[aria-label^="Notifications"]').length;
    if (toasters > 1) out.push(`${toasters} toast areas (every toast shows ${toasters} times)`);
    return out;
  });
}
