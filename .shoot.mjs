import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
const ROOT = '/work/main';
const data = mkdtempSync(path.join(os.tmpdir(), 'shots-'));
const port = 4700 + Math.floor(Math.random() * 200);
const srv = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), '--no-build', '--demo'], { cwd: ROOT, env: { ...process.env, DATA_DIR: data, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
let out = ''; srv.stdout.on('data', (d) => (out += d)); srv.stderr.on('data', (d) => (out += d));
for (let i = 0; i < 600 && !/listening/.test(out); i++) await new Promise((r) => setTimeout(r, 200));
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function session(email, lang) {
  const ctx = await browser.newContext({ locale: lang === 'es' ? 'es-ES' : 'en-GB', viewport: { width: 1440, height: 1000 } });
  const page = await ctx.newPage();
  const r = await page.request.post(`${base}/api/user/login`, { data: { email, password: 'Demo#2026' } });
  if (r.status() !== 200) console.log('login', email, r.status());
  await ctx.addCookies([{ name: 'lang', value: lang, url: base }]);
  return page;
}
const shots = JSON.parse(process.argv[2]);
{
  const a = await session('admin@demo.jornada', 'es');
  const deps = await (await a.request.get(`${base}/api/departments`)).json();
  const dep = (await (await a.request.get(`${base}/api/employees?q=Javier%20Moreno`)).json()).data[0].department;
  const today = new Date().toISOString().slice(0, 10);
  const d = new Date(today + 'T12:00:00Z'); const dow = (d.getUTCDay() + 6) % 7; d.setUTCDate(d.getUTCDate() - dow);
  const mon = d.toISOString().slice(0, 10); const sun = new Date(d.getTime() + 6 * 864e5).toISOString().slice(0, 10);
  console.log('fill', (await a.request.post(`${base}/api/roster/fill`, { data: { department: dep, from: mon, to: sun } })).status());
  const t = await (await a.request.post(`${base}/api/shift-templates`, { data: { name: 'Tarde', startTime: '14:00', endTime: '22:00', breakMinutes: 30, colour: '#d97706', department: null } })).json();
  console.log('tpl', JSON.stringify(t).slice(0, 100));
  console.log('pub', (await a.request.post(`${base}/api/roster/publish`, { data: { department: dep, from: mon, to: sun } })).status());
  console.log('open', (await a.request.post(`${base}/api/roster/shifts`, { data: { department: dep, employee: null, date: sun, template: t.data?._id ?? t._id } })).status());
  console.log('pub2', (await a.request.post(`${base}/api/roster/publish`, { data: { department: dep, from: mon, to: sun } })).status());
  globalThis.MON = mon;
  await a.context().close();
}
for (const [who, lang, url, name, width, selector] of shots) {
  const page = await session(who, lang);
  await page.setViewportSize({ width: width ?? 1440, height: 1000 });
  await page.goto(base + url.replace('MON', globalThis.MON), { waitUntil: 'networkidle' });
  if (selector) await page.locator(selector).first().screenshot({ path: `/tmp/shots/${name}.png` }); else await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  console.log('shot', name, page.url());
  await page.context().close();
}
await browser.close();
srv.kill('SIGTERM');
