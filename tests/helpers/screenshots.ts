import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Screenshots of the current page at 1440 and 390 px, light and dark, as
 * `<dir>/<prefix>-<width>-<mode>.png`; leaves the page at 1440 px in light mode.
 */
export async function shootWidthsAndThemes(page: Page, dir: string, prefix: string, options: { fullPage?: boolean } = {}): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    for (const mode of ['light', 'dark'] as const) {
      await page.evaluate((dark) => {
        document.documentElement.classList.toggle('dark', dark);
        document.documentElement.classList.toggle('light', !dark);
      }, mode === 'dark');
      await page.screenshot({ path: path.join(dir, `${prefix}-${width}-${mode}.png`), fullPage: options.fullPage ?? false });
    }
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
  // Back to the wide layout: the shell reacts to the width change (media query listeners) and the
  // page lays out again; two frames later it has, so a click computed next lands where it aims.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        document.documentElement.classList.remove('dark');
        document.documentElement.classList.add('light');
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}
