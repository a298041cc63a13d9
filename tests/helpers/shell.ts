import type { Page } from 'playwright-core';

/** Signs out through the header's user menu, as a person would. */
export async function signOut(page: Page): Promise<void> {
  await page.click('[data-testid=user-menu] > summary');
  await page.click('[data-testid=sign-out]');
  await page.waitForURL('**/sign-in');
}

/** Signs in through the form and waits for the landing page. */
export async function signIn(page: Page, base: string, email: string, password: string, landing: string): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL(`**${landing}`);
}
