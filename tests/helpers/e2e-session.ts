import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser.ts';
import { signIn } from './shell.ts';
import { startServer, type TestServer } from './test-server.ts';

/** The demo data set's accounts (src/domain/demo): one password, a landing page per account type. */
export const DEMO_PASSWORD = 'Demo#2026';
const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.jornada', landing: '/dashboard' },
  manager: { email: 'manager@demo.jornada', landing: '/dashboard' },
  employee: { email: 'employee@demo.jornada', landing: '/personal/dashboard' },
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export interface E2eSession {
  server: TestServer;
  browser: TestBrowser;
  page: Page;
  /** Closes the browser, then stops the server; safe after a failed start. */
  close(): Promise<void>;
}

/**
 * The e2e setup every browser test shares: a server with the demo data set, one Chromium, one page
 * signed in through the form as `account`. `preparePage` runs before sign-in (viewport, listeners).
 * Use in `beforeAll`, and `close()` in `afterAll`.
 */
export async function startDemoSession(options: {
  account: DemoAccount;
  locale: string;
  preparePage?: (page: Page) => void | Promise<void>;
  /** Extra environment of the server (e.g. JORNADA_TEST and JORNADA_FAKE_NOW_FILE for a fixed clock). */
  env?: Record<string, string>;
}): Promise<E2eSession> {
  const server = await startServer({ args: ['--demo'], env: options.env });
  let browser: TestBrowser | undefined;
  try {
    browser = await launchBrowser({ locale: options.locale });
    const page = await browser.context.newPage();
    await options.preparePage?.(page);
    const { email, landing } = DEMO_ACCOUNTS[options.account];
    await signIn(page, server.url, email, DEMO_PASSWORD, landing);
    const opened = browser;
    return {
      server,
      browser: opened,
      page,
      close: async () => {
        await opened.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => {});
    await server.stop();
    throw error;
  }
}

/** Signs a fresh page of `browser` in as a demo account (a second person in the same test). */
export async function signInDemo(page: Page, base: string, account: DemoAccount): Promise<void> {
  const { email, landing } = DEMO_ACCOUNTS[account];
  await signIn(page, base, email, DEMO_PASSWORD, landing);
}
