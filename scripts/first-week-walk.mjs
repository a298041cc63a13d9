// `node scripts/first-week-walk.mjs [--keep-going]`: a developer tool (not part of `npm test`) that
// walks a new owner's first week without demo data (issue 37's done-criterion) and screenshots
// every step in es and en, light and dark, at 1440 and 390 px into tests/.tmp/first-week/.
// It builds nothing: it starts the built server (dist/, e.g. after `npm run build`) on a free port
// with a fresh temporary DATA_DIR and a fake clock (JORNADA_TEST=1, JORNADA_FAKE_NOW_FILE), and
// drives headless Chromium (/usr/bin/chromium). It fails on a console error, an uncaught page
// error, a page wider than the window or a 5xx answer: at once, or with --keep-going at the end.
// Node 24 runs it (it imports the test helpers, TypeScript, by type stripping).
/* global document -- in page.evaluate, run by the browser */
import './node-version.mjs';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/helpers/browser.ts';
import { waitForIslandsOnNavigation } from '../tests/helpers/hydrated.ts';
import { layoutProblems, watchProblems } from '../tests/helpers/page-audit.ts';
import { ROOT, startServer } from '../tests/helpers/test-server.ts';

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'first-week');
const ZONE = 'Europe/Madrid';
const keepGoing = process.argv.includes('--keep-going');
if (!existsSync(path.join(ROOT, 'dist', 'server', 'boot.mjs'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

const started = Date.now();
rmSync(SHOTS, { recursive: true, force: true });
mkdirSync(SHOTS, { recursive: true });
const clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-walk-'));
const clockFile = path.join(clockDir, 'now');

/** Moves the server's clock to a Madrid wall time (winter: UTC+1). */
const setClock = (day, time) => writeFileSync(clockFile, new Date(`${day}T${time}:00+01:00`).toISOString());
setClock('2026-11-23', '07:30');

const server = await startServer({ env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const found = [];
let stepNo = 0;
const people = [];

/** A person's browser (own cookies): admin, kiosk, workers. Watches every page for problems. */
async function person(who) {
  const context = await browser.newContext({ locale: 'es-ES', timezoneId: ZONE, viewport: { width: 1440, height: 1000 } });
  waitForIslandsOnNavigation(context);
  const page = await context.newPage();
  const { take } = await watchProblems(page);
  const bad = [];
  page.on('response', (r) => {
    if (r.status() >= 500) bad.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  people.push({ who, page });
  const check = async (where) => {
    const p = await take();
    const list = [
      ...p.console.map((c) => `console: ${c}`),
      ...p.pageErrors.map((e) => `page error: ${e}`),
      ...p.csp.map((c) => `CSP: ${c}`),
      ...bad.splice(0).map((b) => `server: ${b}`),
      ...(await settledLayoutProblems(page)),
    ];
    for (const problem of list) report(`${where} (${who}): ${problem}`);
  };
  return { context, page, check };
}

/** Layout problems once the page has settled at its width (CSS transitions run after a resize): polled for up to 3 s. */
async function settledLayoutProblems(page) {
  const until = Date.now() + 3000;
  for (;;) {
    const problems = await layoutProblems(page);
    if (problems.length === 0 || Date.now() > until) return problems;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function report(problem) {
  found.push(problem);
  console.error(`PROBLEM ${problem}`);
  if (!keepGoing) throw new Error(problem);
}

const setLanguage = (who, lang) => who.context.addCookies([{ name: 'lang', value: lang, url: server.url }]);

/**
 * One step: for es, then en, `reach(lang)` brings the page to the state shown (from a fresh load in
 * that language), then it is checked and shot at both widths and themes. The page is left in the
 * English state, so the caller can go on from there (submit the form shown, etc.).
 */
async function step(who, name, reach) {
  stepNo += 1;
  const prefix = `${String(stepNo).padStart(2, '0')}-${name}`;
  console.log(`${prefix} (${Math.round((Date.now() - started) / 1000)} s)`);
  for (const lang of ['es', 'en']) {
    await setLanguage(who, lang);
    await reach(lang);
    await who.page.waitForLoadState('networkidle').catch(() => {});
    for (const width of [1440, 390]) {
      await who.page.setViewportSize({ width, height: 1000 });
      await who.check(`${prefix}-${lang}-${width}`);
      for (const mode of ['light', 'dark']) {
        await who.page.evaluate((dark) => {
          document.documentElement.classList.toggle('dark', dark);
          document.documentElement.classList.toggle('light', !dark);
        }, mode === 'dark');
        await who.page.screenshot({ path: path.join(SHOTS, `${prefix}-${lang}-${width}-${mode}.png`), fullPage: true });
      }
    }
    await who.page.setViewportSize({ width: 1440, height: 1000 });
    await who.page.evaluate(() => {
      document.documentElement.classList.remove('dark');
      document.documentElement.classList.add('light');
    });
  }
}

/** A valid DNI for a number (its control letter). */
const dni = (n) => `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
const apiJson = (who, url, method = 'GET', body) =>
  who.page.evaluate(
    async ([u, m, b]) => {
      const res = await fetch(u, { method: m, headers: { 'content-type': 'application/json' }, ...(b === undefined ? {} : { body: JSON.stringify(b) }) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [url, method, body],
  );

let exitCode = 0;
try {
  const admin = await person('admin');
  const { page } = admin;
  const go = (p) => page.goto(`${server.url}${p}`);

  // Monday 23 November 2026, 07:30: Amparo signs her bakery up.
  const signUpForm = async () => {
    await go('/');
    await page.waitForURL('**/sign-up');
    await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
    await page.fill('input[name=company]', 'Horno San Vicente');
    await page.selectOption('#field-country', 'ES');
    await page.fill('#field-timezone', ZONE);
    await page.fill('input[name=taxId]', 'B-1234567.4');
    await page.fill('input[name=full_name]', 'Amparo Ferrer');
    await page.fill('input[name=email]', 'amparo@hornosanvicente.es');
    await page.fill('input[name=password]', 'Horno#2026pan');
    await page.fill('input[name=confirmPassword]', 'Horno#2026pan');
  };
  await step(admin, 'sign-up', signUpForm);
  await page.click('button[type=submit]');
  await page.waitForURL('**/dashboard');

  await step(admin, 'guide-after-sign-up', async () => {
    await go('/dashboard');
    await page.waitForSelector('[data-testid=guide]');
  });

  // The region's public holidays.
  const preview = async () => {
    await go('/holidays');
    await page.click('[data-testid=holiday-import] summary');
    await page.waitForSelector('#import-region option[value=VC]', { state: 'attached' });
    await page.selectOption('#import-region', 'VC');
    await page.fill('#import-year', '2026');
    await page.click('[data-testid=import-preview]');
    await page.waitForSelector('[data-testid=import-row]');
  };
  await step(admin, 'holidays-preview', preview);
  await page.click('[data-testid=import-confirm]');
  await page.waitForSelector('[data-testid=import-plan]', { state: 'detached' });
  await step(admin, 'holidays-list', () => go('/holidays'));

  // A department and a job title.
  await step(admin, 'department-form', async () => {
    await go('/department?new=1');
    await page.waitForSelector('[data-testid=org-form]');
    await page.fill('#org-name', 'Obrador');
  });
  await page.click('[data-testid=org-form] button[type=submit]');
  await page.waitForSelector('tbody tr:has-text("Obrador")');
  await step(admin, 'jobtitle-form', async () => {
    await go('/jobtitle?new=1');
    await page.waitForSelector('[data-testid=org-form]');
    await page.fill('#org-name', 'Panadero');
    await page.selectOption('#org-department', { label: 'Obrador' });
  });
  await page.click('[data-testid=org-form] button[type=submit]');
  await page.waitForSelector('tbody tr:has-text("Panadero")');

  // Three bakers: Lucía and Marta with email (Marta may use the personal clock), Pablo without.
  const staff = [
    { first: 'Lucía', last: 'Sánchez Mora', gender: 'female', id: dni(20123456), email: 'lucia@hornosanvicente.es', pin: '481516' },
    { first: 'Marta', last: 'Álvarez Roig', gender: 'female', id: dni(20234567), email: 'marta@hornosanvicente.es', pin: '162342', personal: true },
    { first: 'Pablo', last: 'Vega Soler', gender: 'male', id: dni(20345678), email: '', pin: '424242' },
  ];
  for (const [i, w] of staff.entries()) {
    const fill = async () => {
      await go('/employee-create');
      await page.waitForSelector('[data-testid=employee-form]');
      await page.fill('#emp-firstName', w.first);
      await page.fill('#emp-lastName', w.last);
      await page.selectOption('#emp-gender', w.gender);
      await page.fill('#emp-nationalId', w.id);
      if (w.email) await page.fill('#emp-email', w.email);
      await page.selectOption('#emp-department', { label: 'Obrador' });
      await page.selectOption('#emp-jobTitle', { label: 'Panadero' });
      await page.selectOption('#emp-leaveGroup', { index: 1 });
      await page.fill('#emp-pin', w.pin);
      if (w.personal) await page.selectOption('#emp-personalClock', 'allowed');
    };
    if (i === 2) await step(admin, 'employee-form-no-email', fill);
    else await fill();
    await page.click('[data-testid=employee-form] button[type=submit]');
    await page.waitForURL('**/employee-edit/*');
  }
  await step(admin, 'employees-list', () => go('/employees'));

  // One schedule for the department: 07:00–15:00.
  await step(admin, 'schedule-assign', async () => {
    await go('/schedule');
    await page.click('[data-testid=assign-department]');
    await page.waitForSelector('[data-testid=assign-form]');
    await page.selectOption('#assign-department', { label: 'Obrador' });
    await page.fill('[data-testid=assign-form] #shift-startTime', '07:00');
    await page.fill('[data-testid=assign-form] #shift-offTime', '15:00');
    await page.fill('[data-testid=assign-form] #shift-totalHours', '8');
    await page.fill('[data-testid=assign-form] #shift-fromDate', '2026-11-23');
  });
  await page.click('[data-testid=assign-form] button[type=submit]');
  await page.waitForSelector('[data-testid=assign-form]', { state: 'detached' });
  await step(admin, 'schedule-list', () => go('/schedule'));
  await step(admin, 'guide-before-terminal', () => go('/dashboard'));

  // The tablet at the door: created on /terminals, paired with its code, a PIN punch.
  // The code is shown once: the Spanish shot shows it, the English one the list with the unpaired terminal.
  let code = '';
  await step(admin, 'terminal-code', async (lang) => {
    await go('/terminals');
    await page.waitForSelector('[data-testid=terminal-create]');
    if (lang === 'en') return;
    await page.fill('[data-testid=terminal-name]', 'Mostrador');
    await page.fill('[data-testid=terminal-location]', 'Entrada');
    await page.click('[data-testid=terminal-method-face]');
    await page.click('[data-testid=terminal-method-badge]');
    await page.click('[data-testid=terminal-submit]');
    await page.waitForSelector('[data-testid=pairing-qr] svg');
    code = (await page.textContent('[data-testid=pairing-code]')).trim();
  });

  const kiosk = await person('kiosk');
  const kgo = (p) => kiosk.page.goto(`${server.url}${p}`);
  await step(kiosk, 'clock-unpaired', () => kgo('/clock'));
  await kgo(`/clock?pair=${code}`);
  if (!(await kiosk.page.$('[data-testid=pairing-code-input]'))) await kiosk.page.click('[data-testid=pair-link]');
  await kiosk.page.waitForSelector('[data-testid=pairing-code-input]');
  if (!(await kiosk.page.inputValue('[data-testid=pairing-code-input]'))) await kiosk.page.fill('[data-testid=pairing-code-input]', code);
  await kiosk.page.click('[data-testid=pairing-submit]');
  await kiosk.page.waitForSelector('[data-testid=kiosk-terminal]');
  await step(kiosk, 'clock-paired', () => kgo('/clock'));

  const pinPunch = async (action, pin) => {
    await kgo('/clock');
    await kiosk.page.click(`[data-testid=clock-action-${action}]`);
    for (const digit of pin) await kiosk.page.click(`[data-testid=pin-key-${digit}]`);
    await kiosk.page.click('[data-testid=pin-ok]');
    await kiosk.page.waitForSelector('[data-testid=clock-result]');
  };
  // Monday: Lucía at 06:53 (and she forgets to check out), Pablo 06:58–15:02.
  setClock('2026-11-23', '06:53');
  await setLanguage(kiosk, 'es');
  await pinPunch('check-in', staff[0].pin);
  await step(kiosk, 'clock-result', async (lang) => {
    if (lang === 'en') {
      setClock('2026-11-23', '06:58');
      await pinPunch('check-in', staff[2].pin);
    }
  });
  await step(admin, 'guide-done', () => go('/dashboard'));

  // Marta's account (invitation by email) and her personal clock.
  const invite = await apiJson(admin, '/api/employees?pageSize=100');
  const martaId = invite.body.data.find((e) => e.firstName === 'Marta' || String(e.fullName ?? '').startsWith('Marta'))._id;
  const luciaId = invite.body.data.find((e) => e.firstName === 'Lucía' || String(e.fullName ?? '').startsWith('Lucía'))._id;
  const links = {};
  for (const [name, id] of [
    ['marta', martaId],
    ['lucia', luciaId],
  ]) {
    const res = await apiJson(admin, '/api/invitations', 'POST', { employees: [id], delivery: 'sheet' });
    if (res.status !== 200 && res.status !== 201) throw new Error(`invitation: ${res.status} ${JSON.stringify(res.body)}`);
    links[name] = res.body.data.invited[0].url;
  }
  const marta = await person('marta');
  await step(marta, 'join', async () => {
    await marta.page.goto(links.marta);
    await marta.page.waitForSelector('[data-testid=set-password-form]');
  });
  await marta.page.fill('#field-password', 'Marta#2026pan');
  await marta.page.fill('#field-confirmPassword', 'Marta#2026pan');
  await marta.page.click('[data-testid=set-password-submit]');
  await marta.page.waitForURL(/\/personal\//);
  setClock('2026-11-23', '07:00');
  await step(marta, 'personal-clock', async () => {
    await marta.page.goto(`${server.url}/personal/clock`);
    await marta.page.getByTestId('punch-check-in').waitFor();
  });
  await marta.page.getByTestId('punch-check-in').click();
  await marta.page.getByTestId('personal-status').waitFor();
  await step(marta, 'personal-clock-working', () => marta.page.goto(`${server.url}/personal/clock`));

  setClock('2026-11-23', '11:00');
  await step(admin, 'dashboard-monday-11h', () => go('/dashboard'));
  setClock('2026-11-23', '15:02');
  await pinPunch('check-out', staff[2].pin);
  await marta.page.goto(`${server.url}/personal/clock`);
  await marta.page.getByTestId('punch-check-out').click();
  await marta.page.getByTestId('punch-check-in').waitFor();

  // Tuesday 09:00: Lucía never checked out yesterday, Pablo has not come, Marta is in.
  setClock('2026-11-24', '07:03');
  await marta.page.goto(`${server.url}/personal/clock`);
  await marta.page.getByTestId('punch-check-in').click();
  await marta.page.getByTestId('punch-check-out').waitFor();
  setClock('2026-11-24', '09:00');
  await step(admin, 'dashboard-tuesday-9h', () => go('/dashboard'));
  await step(admin, 'attendance-tuesday', () => go('/attendance'));

  // Marta asks for 22 December off; Amparo approves it.
  await step(marta, 'leave-request', async () => {
    await marta.page.goto(`${server.url}/personal/leave-create`);
    await marta.page.waitForSelector('#leave-leaveType');
    await marta.page.selectOption('#leave-leaveType', { index: 1 });
    await marta.page.fill('#leave-from', '2026-12-22');
    await marta.page.fill('#leave-to', '2026-12-22');
    await marta.page.fill('#leave-reason', 'Médico');
  });
  await marta.page.click('[data-testid=save]');
  await marta.page.waitForURL('**/personal/leave**');
  await step(admin, 'leave-list', () => go('/leave-list'));
  await step(admin, 'leave-review', async () => {
    await go('/leave-list');
    await page.locator('[data-testid=review-leave]').first().click();
    await page.waitForSelector('[data-testid=approve]');
  });
  await page.click('[data-testid=approve]');
  await page.waitForSelector('[data-testid=approve]', { state: 'detached' });
  await step(marta, 'leave-mine', () => marta.page.goto(`${server.url}/personal/leave?year=2026`));

  // Lucía asks to correct Monday's missing check-out; Amparo approves it.
  const lucia = await person('lucia');
  await lucia.page.goto(links.lucia);
  await lucia.page.waitForSelector('[data-testid=set-password-form]');
  await lucia.page.fill('#field-password', 'Lucia#2026pan');
  await lucia.page.fill('#field-confirmPassword', 'Lucia#2026pan');
  await lucia.page.click('[data-testid=set-password-submit]');
  await lucia.page.waitForURL(/\/personal\//);
  await step(lucia, 'personal-dashboard', () => lucia.page.goto(`${server.url}/personal/dashboard`));
  await step(lucia, 'correction-form', async () => {
    await lucia.page.goto(`${server.url}/personal/attendance?month=2026-11`);
    await lucia.page.locator('tr[data-date="2026-11-23"]').getByTestId('request-correction-link').click();
    await lucia.page.waitForSelector('astro-island:not([ssr]) [data-testid=correction-form]');
    await lucia.page.fill('#corr-timeOut', '15:00');
    await lucia.page.fill('#corr-reason', 'Olvidé fichar la salida');
  });
  await lucia.page.click('[data-testid=send-correction]');
  await lucia.page.locator('[data-testid=my-request][data-date="2026-11-23"]').waitFor();
  await step(admin, 'corrections', () => go('/attendance-corrections'));
  await page.getByTestId('approve-request').first().click();
  await page.getByTestId('approve-request').waitFor({ state: 'detached' });
  await step(lucia, 'attendance-corrected', () => lucia.page.goto(`${server.url}/personal/attendance?month=2026-11`));

  // Tuesday 1 December, 10:00: closing November.
  setClock('2026-12-01', '10:00');
  await step(admin, 'period-close', () => go('/period-close?date=2026-11-01'));
  await step(admin, 'period-close-confirm', async () => {
    await go('/period-close?date=2026-11-01');
    await page.getByTestId('approve-all').click();
    await page.getByTestId('approve-confirm').waitFor();
  });
  await page.getByTestId('approve-confirm').click();
  await page.getByTestId('approve-confirm').waitFor({ state: 'detached' });
  await step(admin, 'period-closed', async () => {
    await page.reload();
  });
  await step(lucia, 'monthly-record', () => lucia.page.goto(`${server.url}/personal/attendance?month=2026-11`));
  await step(admin, 'dashboard-december', () => go('/dashboard'));
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  exitCode = 1;
  // What each person's page showed when it stopped.
  for (const { who, page } of people) await page.screenshot({ path: path.join(SHOTS, `failure-${who}.png`), fullPage: true }).catch(() => {});
} finally {
  await browser.close();
  await server.stop();
  rmSync(clockDir, { recursive: true, force: true });
}
if (found.length > 0) {
  console.error(`\n${found.length} problem(s):\n${found.join('\n')}`);
  exitCode = 1;
}
console.log(`${stepNo} steps, screenshots in ${path.relative(process.cwd(), SHOTS)}, ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(exitCode);
