import type { Page } from 'playwright-core';

/**
 * Sets a React-controlled checkbox and waits until the page shows the state. `page.check` clicks
 * once and throws "did not change its state" when that click lands while the island re-renders
 * (seen on a loaded CI machine); here a click that left the box as it was is made again, until
 * `timeout`.
 */
export async function setChecked(page: Page, selector: string, checked: boolean, timeout = 15_000): Promise<void> {
  const until = Date.now() + timeout;
  const box = page.locator(selector);
  while ((await box.isChecked()) !== checked) {
    if (Date.now() > until) throw new Error(`${selector} did not become ${checked ? 'checked' : 'unchecked'}`);
    await box.click();
    await page.waitForFunction(([s, want]) => (document.querySelector(s) as HTMLInputElement | null)?.checked === want, [selector, checked] as const, { timeout: 2_000, polling: 50 }).catch(() => {});
  }
}
