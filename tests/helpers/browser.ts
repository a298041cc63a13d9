import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { waitForIslandsOnNavigation } from './hydrated.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags docs/architecture.md prescribes for headless Chromium on these machines. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface TestBrowser {
  context: BrowserContext;
  /**
   * A second, separate browser (its own cookies: a visitor, another device) on the same Chromium,
   * whose pages wait for hydration like the first's. Close it in the test.
   */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  close: () => Promise<void>;
}

/**
 * Debian's Chromium with a fresh user-data-dir, through playwright-core (no browser download).
 * Its pages' `goto` and `reload` wait for the page's islands to hydrate (hydrated.ts).
 */
export async function launchBrowser(options: { locale?: string; extraArgs?: string[]; timezoneId?: string } = {}): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
    locale: options.locale ?? 'es-ES',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    viewport: { width: 1280, height: 800 },
  });
  waitForIslandsOnNavigation(context);
  return {
    context,
    newContext: async (contextOptions) => {
      const other = await context.browser()!.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
      // Without JavaScript nothing hydrates: the page as the server sent it is what the test wants.
      if (contextOptions?.javaScriptEnabled !== false) waitForIslandsOnNavigation(other);
      return other;
    },
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export type { Browser };
