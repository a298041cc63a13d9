import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import type { TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let page: Page;
let dir: string;
let session: E2eSession;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-import-e2e-'));
  session = await startDemoSession({ account: 'admin', locale: 'es-ES' });
  ({ server, page } = session);
});
afterAll(async () => {
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'Nombre;Apellidos;Género;Correo electrónico;DNI/NIE;Empresa;Departamento;Puesto;Grupo de ausencia;Tipo de empleo;PIN';
const row = (first: string, last: string, email: string, dni: string, pin: string) => `${first};${last};Mujer;${email};${dni};Panadería La Espiga;Tienda;Dependiente;General;Fijo;${pin}`;

/** A Spanish Excel export: byte order mark, semicolons, CRLF. */
function writeCsv(name: string, rows: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `\uFEFF${[HEADER, ...rows].join('\r\n')}\r\n`);
  return file;
}

describe('importing employees from a CSV file in the browser', () => {
  it('previews the file, shows the refused lines, then imports and lists the new employees', async () => {
    await page.goto(`${server.url}/employees`);
    await page.waitForSelector('tbody tr');
    expect(await page.textContent('[data-testid=table-range]')).toBe('1–10 de 25');

    await page.click('[data-testid=import-csv]');
    await page.waitForSelector('dialog[open]');
    expect(await page.textContent('#dialog-title')).toBe('Importar empleados desde un archivo CSV');
    expect(await page.getAttribute('[data-testid=import-template]', 'href')).toBe('/api/employees/import-template?lang=es');

    // A file with a bad e-mail on line 3: the check lists it and nothing is written.
    const bad = writeCsv('malo.csv', [row('Aitana', 'Abad Lasa', 'aitana.abad@example.es', 'Y9000001A', '910001'), row('Berta', 'Abad Ruiz', 'no-es-un-correo', 'Y9000002A', '910002')]);
    await page.setInputFiles('[data-testid=import-file]', bad);
    await page.waitForSelector('[data-testid=import-preview]');
    expect(await page.textContent('[data-testid=import-row-count]')).toBe('Empleados en el archivo: 2');
    const preview = await page.textContent('[data-testid=import-preview] table');
    expect(preview).toContain('Aitana');
    expect(preview).toContain('Correo electrónico');
    expect(preview).not.toContain('910001');
    await page.click('[data-testid=import-check]');
    await page.waitForSelector('[data-testid=import-report]');
    const cells = await page.$$eval('[data-testid=import-report] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(cells).toEqual([['3', 'Correo electrónico', 'Dirección de correo electrónico no válida']]);
    expect(await page.textContent('[data-testid=import-report] [role=alert]')).toContain('Filas con errores: 1. No se ha importado nada');

    // The corrected file passes the check, then imports; the page reloads and lists them.
    const good = writeCsv('bueno.csv', [row('Aitana', 'Abad Lasa', 'aitana.abad@example.es', 'Y9000001A', '910001'), row('Berta', 'Abad Ruiz', 'berta.abad@example.es', 'Y9000002A', '910002')]);
    await page.setInputFiles('[data-testid=import-file]', good);
    await page.waitForSelector('[data-testid=import-preview]');
    await page.click('[data-testid=import-check]');
    await page.waitForFunction(() => document.querySelector('[data-testid=import-result]')?.textContent?.includes('El archivo es correcto. Empleados listos para importar: 2'));
    await page.click('[data-testid=import-submit]');
    await page.waitForSelector('[data-sonner-toast]:has-text("Empleados importados: 2")');
    await page.waitForFunction(() => document.querySelector('[data-testid=table-range]')?.textContent === '1–10 de 27');
    const names = await page.$$eval('tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(names[0]).toContain('Aitana Abad Lasa');
    expect(names[1]).toContain('Berta Abad Ruiz');
    expect(names[0]).toContain('Tienda');
  });
});
