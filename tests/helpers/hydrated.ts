import type { BrowserContext, Page } from 'playwright-core';

/**
 * Waits until the island around `selector` has hydrated (Astro drops `ssr` from the island then).
 * Before that, the server-rendered markup is on screen but inert: a click on a button is lost and
 * text filled into a field is not seen by the component. `page.goto` resolves on `load`, which can
 * come before the island's module has run on a busy machine.
 */
export function hydrated(page: Page, selector: string, timeout?: number): Promise<void> {
  return page
    .locator(`astro-island:not([ssr]) ${selector}`)
    .first()
    .waitFor(timeout === undefined ? {} : { timeout });
}

/** Until every `client:load` island of the page has hydrated; gives up quietly after `timeout` (the test's own checks then fail). */
async function loadIslandsHydrated(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr][client="load"]'), null, { timeout, polling: 50 }).catch(() => {});
}

/**
 * Makes `goto`, `reload` and `waitForURL` of every page the context opens resolve only once the page's
 * `client:load` islands have hydrated, as a person sees a page that responds. Only when waiting for
 * `load` (the default): a test that asks for `commit` or `domcontentloaded` wants the page earlier.
 * Without this, a click right after `goto` was lost now and then on a loaded CI machine.
 */
export function waitForIslandsOnNavigation(context: BrowserContext): void {
  const wrap = (page: Page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const settle = async <T>(answer: T, waitUntil: string | undefined) => {
      if (waitUntil === undefined || waitUntil === 'load' || waitUntil === 'networkidle') await loadIslandsHydrated(page);
      return answer;
    };
    const waitForURL = page.waitForURL.bind(page);
    page.goto = async (url, options) => settle(await goto(url, options), options?.waitUntil);
    page.reload = async (options) => settle(await reload(options), options?.waitUntil);
    // A page reached by a click on a link or a redirect: the next click must not hit inert markup either.
    page.waitForURL = async (url, options) => settle(await waitForURL(url, options), options?.waitUntil);
  };
  context.pages().forEach(wrap);
  context.on('page', wrap);
}
