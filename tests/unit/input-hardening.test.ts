import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { hostAllowed, hostName, parseAllowedHosts } from '../../src/domain/net/allowed-hosts.ts';
import { nextRecordBoundary, parseEmployeeCsv, parseEmployeeCsvInChunks, validateImportRows, validateImportRowsInChunks } from '../../src/domain/employees/csv-import.ts';
import { MAX_PAGE, parseListQuery } from '../../src/domain/lists/list-query.ts';
import { createKysely } from '../../src/server/db/connection.ts';
import { containsText } from '../../src/server/db/like.ts';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../src/server/http/json-depth.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('jsonTooDeep', () => {
  const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  it('allows MAX_JSON_DEPTH levels and refuses one more, arrays and objects alike', () => {
    expect(MAX_JSON_DEPTH).toBe(32);
    expect(jsonTooDeep(bytes(nested(32)))).toBe(false);
    expect(jsonTooDeep(bytes(nested(33)))).toBe(true);
    expect(jsonTooDeep(bytes(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`))).toBe(true);
    expect(jsonTooDeep(bytes(`{"a":[{"b":[1,2,{"c":{}}]}],"d":[]}`), 6)).toBe(false);
    expect(jsonTooDeep(bytes(`{"a":[{"b":[1,2,{"c":{}}]}],"d":[]}`), 5)).toBe(true);
  });
  it('counts depth, not brackets: siblings do not add up', () => {
    expect(jsonTooDeep(bytes(`[${Array(1000).fill('[[]]').join(',')}]`), 3)).toBe(false);
  });
  it('ignores brackets inside strings, escaped quotes and backslashes included, and multi-byte text', () => {
    expect(jsonTooDeep(bytes(JSON.stringify({ s: '[[[[{{{{'.repeat(100) })), 2)).toBe(false);
    expect(jsonTooDeep(bytes(JSON.stringify({ s: 'a\\"[[[[[["\\' })), 1)).toBe(false);
    expect(jsonTooDeep(bytes(JSON.stringify({ s: 'ñ€😀"[[[', t: [[['x']]] })), 3)).toBe(true);
    expect(jsonTooDeep(bytes(JSON.stringify({ s: 'ñ€😀"[[[', t: [['x']] })), 3)).toBe(false);
  });
});

describe('containsText (LIKE with ESCAPE)', () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec("create table companies (id integer primary key, name text); insert into companies (name) values ('Ventas_50% Norte'), ('Ventas 500 Norte'), ('Caja1'), ('Back\\Office'), ('ACME')");
  const db = createKysely(sqlite);
  const search = async (q: string) => (await db.selectFrom('companies').select('name').where(containsText('companies.name', q)).orderBy('id').execute()).map((r) => r.name);

  it('compiles to LIKE ... ESCAPE with the wildcards escaped', () => {
    const compiled = db.selectFrom('companies').select('name').where(containsText('companies.name', 'a_%\\')).compile();
    expect(compiled.sql).toBe(`select "name" from "companies" where jornada_fold("companies"."name") like ? escape '\\'`);
    expect(compiled.parameters).toEqual(['%a\\_\\%\\\\%']);
  });
  it('matches `_`, `%` and `\\` literally, case-insensitively for ASCII', async () => {
    expect(await search('s_50%')).toEqual(['Ventas_50% Norte']);
    expect(await search('50%')).toEqual(['Ventas_50% Norte']);
    expect(await search('_')).toEqual(['Ventas_50% Norte']);
    expect(await search('aj_1')).toEqual([]);
    expect(await search('k\\o')).toEqual(['Back\\Office']);
    expect(await search('acme')).toEqual(['ACME']);
    expect(await search('50')).toEqual(['Ventas_50% Norte', 'Ventas 500 Norte']);
  });
  it('ignores accents and case on both sides (the table both engines use)', async () => {
    sqlite.exec("insert into companies (name) values ('José Muñoz'), ('ÁLVARO PÉREZ')");
    expect(await search('jose munoz')).toEqual(['José Muñoz']);
    expect(await search('MUÑOZ')).toEqual(['José Muñoz']);
    expect(await search('álvaro pérez')).toEqual(['ÁLVARO PÉREZ']);
    expect(await search('alvaro')).toEqual(['ÁLVARO PÉREZ']);
    expect(await search('jösé')).toEqual(['José Muñoz']);
    expect(await search('josa')).toEqual([]);
  });
});

describe('parseListQuery with huge numbers', () => {
  const options = { sortable: ['name'], defaultSort: 'name' };
  it('clamps pages past MAX_PAGE, unsafe integers and exponents, so the SQL offset stays a safe integer', () => {
    for (const page of ['1e20', '1e308', '9007199254740993', '99999999999']) {
      expect(parseListQuery(new URLSearchParams({ page }), options).page).toBe(MAX_PAGE);
    }
    expect(parseListQuery(new URLSearchParams({ page: '-1e20' }), options).page).toBe(1);
    expect(parseListQuery(new URLSearchParams({ page: 'Infinity' }), options).page).toBe(1);
    expect(parseListQuery(new URLSearchParams({ page: '1e3' }), options).page).toBe(1000);
    expect(parseListQuery(new URLSearchParams({ pageSize: '1e20' }), options).pageSize).toBe(1000);
    expect(Number.isSafeInteger((MAX_PAGE - 1) * 1000)).toBe(true);
  });
});

describe('allowed hosts', () => {
  const list = parseAllowedHosts(' Jornada.Example.com, *.planta.example.com  fichajes.local. ');
  it('allows any host when the list is empty', () => {
    expect(hostAllowed('anything.example', parseAllowedHosts(''))).toBe(true);
    expect(hostAllowed('anything.example', parseAllowedHosts(undefined))).toBe(true);
  });
  it('matches names without case, port or trailing dot; a wildcard matches subdomains only', () => {
    for (const host of ['jornada.example.com', 'JORNADA.EXAMPLE.COM:4321', 'jornada.example.com.', 'a.planta.example.com', 'x.y.planta.example.com:80', 'fichajes.local']) {
      expect(hostAllowed(host, list), host).toBe(true);
    }
    for (const host of ['planta.example.com', 'example.com', 'xjornada.example.com', 'jornada.example.com.evil.example', 'evil-planta.example.com', 'jornada.example.co']) {
      expect(hostAllowed(host, list), host).toBe(false);
    }
  });
  it('always allows localhost, IP literals and a missing Host, so a wrong list cannot lock the operator out', () => {
    for (const host of ['localhost', 'localhost:4321', 'app.localhost', '127.0.0.1', '192.168.1.10:4321', '[::1]:4321', '[2001:db8::1]', undefined, '']) {
      expect(hostAllowed(host, list), String(host)).toBe(true);
    }
    expect(hostAllowed('999.1.1.1', list)).toBe(false);
    expect(hostName('[::1]:80')).toBe('::1');
  });
});

describe('CSV import in chunks', () => {
  const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
  const header = 'firstName;lastName;gender;email;nationalId;company;department;jobTitle;leaveGroup;employmentType;pin;address';
  const rows: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const address = i % 7 === 0 ? `"Calle ""Mayor"" ${i};\nPiso 2"` : i % 11 === 0 ? `O"Brien ${i}` : `Calle ${i}`;
    rows.push(`Nombre${i};Apellido ${i};${i % 3 ? 'mujer' : 'Hombre'};p${i}@example.com;X${1000000 + i}Z;Empresa;Tienda;Dependiente;General;regular;${i % 500 === 0 ? 'x' : 200000 + i};${address}`);
    if (i % 97 === 0) rows.push('');
  }
  const text = `\ufeff${header}\r\n${rows.join('\r\n')}\r\n`;

  it('gives the same rows, line numbers and problems as parsing at once', async () => {
    const whole = parseEmployeeCsv(text);
    let pauses = 0;
    const chunked = await parseEmployeeCsvInChunks(text, () => (pauses++, pause()));
    expect(pauses).toBeGreaterThan(3);
    expect(chunked).toEqual(whole);
    expect(whole.rows.length).toBe(3000);
    expect(await validateImportRowsInChunks(chunked.rows, pause)).toEqual(validateImportRows(whole.rows));
  });
  it('keeps a file with an unclosed quote one refused record to the end, as at once', async () => {
    const broken = `${header}\n${rows.slice(0, 50).join('\n')}\nA;"B sin cerrar;x\n${rows.slice(50, 2000).join('\n')}\n`;
    expect(await parseEmployeeCsvInChunks(broken, pause)).toEqual(parseEmployeeCsv(broken));
  });
  it('splits only at newlines outside quoted fields', () => {
    const csv = 'a,"x\ny",b\nc,d""e,f\n"g""\n",h\nlast';
    expect(nextRecordBoundary(csv, 0, 0, ',')).toBe(csv.indexOf('b\n') + 2);
    const second = csv.indexOf('c,');
    expect(nextRecordBoundary(csv, second, second, ',')).toBe(csv.indexOf('f\n') + 2);
    const third = csv.indexOf('"g');
    expect(nextRecordBoundary(csv, third, third, ',')).toBe(csv.indexOf('h\n') + 2);
    expect(nextRecordBoundary(csv, csv.indexOf('last'), 0, ',')).toBe(csv.length);
  });
});
