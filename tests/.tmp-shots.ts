// scratch (not committed): screenshots of pages at widths
import { startDemoSession } from './helpers/e2e-session.ts';
import { layoutProblems } from './helpers/page-audit.ts';
const s = await startDemoSession({ account: 'admin', locale: 'es-ES' });
const { page, server } = s;
const paths = (process.env.PATHS ?? '/dashboard').split(',');
const widths = (process.env.WIDTHS ?? '1440,390,320').split(',').map(Number);
const layout = process.env.LAYOUT;
if (layout) await page.evaluate((l) => { const t = JSON.parse(localStorage.getItem('theme') ?? '{}'); localStorage.setItem('theme', JSON.stringify({ ...t, layout: { ...(t.layout ?? {}), type: l } })); }, layout);
if (process.env.DIR) await page.evaluate((d) => { const t = JSON.parse(localStorage.getItem('theme') ?? '{}'); localStorage.setItem('theme', JSON.stringify({ ...t, direction: d })); }, process.env.DIR);
for (const p of paths) for (const w of widths) {
  await page.setViewportSize({ width: w, height: 900 });
  await page.goto(server.url + p);
  const name = `/tmp/a11y/${(process.env.TAG ?? '')}${p.replace(/\//g, '_')}-${w}.png`;
  await page.screenshot({ path: name, fullPage: !!process.env.FULL });
  console.log(name, await page.evaluate(() => document.documentElement.scrollWidth), JSON.stringify(await layoutProblems(page)));
}
await s.close();
