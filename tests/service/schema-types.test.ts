import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CamelCasePlugin } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaShape } from '../../src/server/db/schema-shape.ts';

/**
 * `src/server/db/schema.ts` says what a migrated database holds (issue 35, point 4). Its `Database`
 * interface is read with the TypeScript compiler (the project's tsconfig, the type checker, so
 * aliases such as `Id` and Kysely's `ColumnType`/`Generated` resolve to the type a select gives);
 * a new SQLite file migrated with the one migration list is read with `sqliteShape`
 * (as tests/integration/schema-parity.test.ts does; that test keeps PostgreSQL's shape equal).
 * Both must name the same tables and, per table, the same columns (camelCase property = the
 * snake_case column through Kysely's CamelCasePlugin, as the connection maps them), with a
 * matching type family and nullability (the select type includes null exactly when the column
 * is nullable); a union of literals must list the values of the column's `in (...)` check.
 * Each failure names table.column and what differs.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const schemaFile = path.join(root, 'src/server/db/schema.ts');

const dir = mkdtempSync(path.join(tmpdir(), 'jornada-schema-types-'));
process.env.DATA_DIR = dir;

const { openSqlite, createKysely } = await import('../../src/server/db/connection.ts');
const { migrateToLatest } = await import('../../src/server/db/migrate.ts');
const { sqliteShape } = await import('../../src/server/db/schema-shape.ts');

/** Tables the database has and `Database` deliberately leaves out, with the reason. None today. */
const TABLES_NOT_IN_SCHEMA_TS: Record<string, string> = {};

/** The connection's own name mapping (camelCase in TypeScript, snake_case in SQL). */
class Names extends CamelCasePlugin {
  sqlName(name: string): string {
    return this.snakeCase(name);
  }
}
const names = new Names();

/** What a select of the property gives, in the terms a column is compared with. */
interface DeclaredColumn {
  property: string;
  /** The select type as TypeScript prints it. */
  printed: string;
  nullable: boolean;
  /** text, number, integer (bigint), boolean, blob; several when the union mixes them; `?type` when unknown. */
  families: string[];
  /** The values of a union of literals (`'a' | 'b'`, `0 | 1`), sorted; null when any member is wider. */
  literals: string[] | null;
  /** Something the type should never be: `undefined` in a select, `any`. */
  problems: string[];
}

/** Database table (snake_case) -> its row interface's columns by SQL column name. */
type DeclaredSchema = Map<string, { property: string; columns: Map<string, DeclaredColumn> }>;

function readSchemaTs(): { declared: DeclaredSchema; diagnostics: string[] } {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([schemaFile], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile)!;
  const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));

  const moduleSymbol = checker.getSymbolAtLocation(source)!;
  const databaseSymbol = checker.getExportsOfModule(moduleSymbol).find((s) => s.getName() === 'Database');
  if (!databaseSymbol) throw new Error('schema.ts exports no Database interface');
  const database = checker.getDeclaredTypeOfSymbol(databaseSymbol);

  const declared: DeclaredSchema = new Map();
  for (const table of checker.getPropertiesOfType(database)) {
    const rowType = checker.getTypeOfSymbolAtLocation(table, source);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getPropertiesOfType(rowType)) {
      columns.set(names.sqlName(column.getName()), describeColumn(checker, column, source));
    }
    declared.set(names.sqlName(table.getName()), { property: table.getName(), columns });
  }
  return { declared, diagnostics };
}

/** Kysely's `SelectType`: a `ColumnType<S, I, U>` (and `Generated<S>`) is selected as `S`. */
function selectType(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): ts.Type {
  const select = type.getProperty('__select__');
  return select ? checker.getTypeOfSymbolAtLocation(select, at) : type;
}

function describeColumn(checker: ts.TypeChecker, column: ts.Symbol, at: ts.Node): DeclaredColumn {
  const type = selectType(checker, checker.getTypeOfSymbolAtLocation(column, at), at);
  const members = type.isUnion() ? type.types : [type];
  const families = new Set<string>();
  const problems: string[] = [];
  const literals: string[] = [];
  let wide = false;
  let nullable = false;
  for (const member of members) {
    const f = member.flags;
    if (member.isStringLiteral() || member.isNumberLiteral()) literals.push(String(member.value));
    else if (!(f & ts.TypeFlags.Null)) wide = true;
    if (f & ts.TypeFlags.Null) nullable = true;
    else if (f & ts.TypeFlags.Undefined) problems.push('a select never gives undefined (use null)');
    else if (f & ts.TypeFlags.Any) problems.push('the type does not resolve (any)');
    else if (f & ts.TypeFlags.StringLike) families.add('text');
    else if (f & ts.TypeFlags.NumberLike) families.add('number');
    else if (f & ts.TypeFlags.BigIntLike) families.add('integer');
    else if (f & ts.TypeFlags.BooleanLike) families.add('boolean');
    else if (['Uint8Array', 'Buffer'].includes(member.getSymbol()?.getName() ?? '')) families.add('blob');
    else families.add(`?${checker.typeToString(member)}`);
  }
  return {
    property: column.getName(),
    printed: checker.typeToString(type),
    nullable,
    families: [...families].sort(),
    literals: wide || literals.length === 0 ? null : literals.sort(),
    problems,
  };
}

/** The SQLite type families (schema-shape.ts) a TypeScript family may be read from. */
const READ_FROM: Record<string, string[]> = {
  text: ['text'],
  number: ['integer', 'real'],
  integer: ['integer'],
  blob: ['blob'],
  // better-sqlite3 (and the PostgreSQL plugin) give 0/1 numbers, never true/false: declare number or 0 | 1.
  boolean: [],
};

let declared: DeclaredSchema;
let diagnostics: string[];
let shape: SchemaShape;
/** table -> column -> the values its CHECK (`column in (...)`) allows, sorted. */
const allowed = new Map<string, Map<string, string[]>>();

/** The `column in ('a', 'b')` checks of each table, from the CREATE TABLE text SQLite keeps. */
function readAllowedValues(sqlite: ReturnType<typeof openSqlite>): void {
  const tables = sqlite.prepare("select name, sql from sqlite_master where type = 'table'").all() as { name: string; sql: string }[];
  for (const { name, sql } of tables) {
    const columns = new Map<string, string[]>();
    for (const [, column, list] of sql.matchAll(/\b(\w+)\s+in\s*\(([^)]*)\)/gi)) {
      const values = [...list!.matchAll(/'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)/g)].map(([, text, number]) => text?.replaceAll("''", "'") ?? number!);
      columns.set(column!.toLowerCase(), values.sort());
    }
    allowed.set(name, columns);
  }
}

beforeAll(async () => {
  const sqlite = openSqlite(path.join(dir, 'schema-types.db'));
  const db = createKysely(sqlite);
  try {
    await migrateToLatest(db, undefined, { quiet: true });
    shape = sqliteShape(sqlite);
    readAllowedValues(sqlite);
  } finally {
    await db.destroy();
  }
  ({ declared, diagnostics } = readSchemaTs());
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The tables both sides have. */
function common(): string[] {
  return Object.keys(shape)
    .filter((t) => declared.has(t))
    .sort();
}

describe('schema.ts against a migrated database', () => {
  it('schema.ts type-checks and is read the way a select is typed', () => {
    expect(diagnostics).toEqual([]);
    expect(declared.size).toBeGreaterThan(30);
    // The reader itself, on columns whose types are settled (a broken reader must not pass the
    // comparisons below vacuously): an alias (Id = Generated<number>), ColumnType with null, a blob, a union of literals.
    const col = (table: string, column: string) => declared.get(table)?.columns.get(column);
    expect(col('attendances', 'id')).toMatchObject({ nullable: false, families: ['number'], problems: [] });
    expect(col('attendances', 'voided_at')).toMatchObject({ nullable: true, families: ['text'] });
    expect(col('attendances', 'closed_automatically')).toMatchObject({ nullable: false, families: ['number'] });
    expect(col('face_descriptors', 'descriptor')).toMatchObject({ nullable: false, families: ['blob'] });
    expect(col('punches', 'action')).toMatchObject({ nullable: false, families: ['text'] });
    expect(col('attendances', 'status_in')).toMatchObject({ nullable: true, families: ['text'] });
  });

  it('names the same tables as the database', () => {
    const problems: string[] = [];
    for (const table of Object.keys(shape).sort()) {
      if (declared.has(table)) continue;
      if (TABLES_NOT_IN_SCHEMA_TS[table]) continue;
      problems.push(`${table}: in the database, missing from Database in schema.ts`);
    }
    for (const [table, { property }] of declared) {
      if (!shape[table]) problems.push(`${table}: Database.${property} in schema.ts, no such table in the database`);
      else if (TABLES_NOT_IN_SCHEMA_TS[table]) problems.push(`${table}: listed as left out of schema.ts, yet Database.${property} has it`);
    }
    expect(problems).toEqual([]);
  });

  it('names the same columns for each table', () => {
    const problems: string[] = [];
    for (const table of common()) {
      const { columns } = declared.get(table)!;
      const inDb = new Set(shape[table]!.columns.map((c) => c.name));
      for (const name of inDb) if (!columns.has(name)) problems.push(`${table}.${name}: in the database, missing from schema.ts`);
      for (const [name, c] of columns) {
        if (!inDb.has(name)) problems.push(`${table}.${name}: schema.ts has ${c.property}, the database has no column ${name}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('types each column as the database stores it', () => {
    const problems: string[] = [];
    for (const table of common()) {
      const { columns } = declared.get(table)!;
      for (const column of shape[table]!.columns) {
        const c = columns.get(column.name);
        if (!c) continue;
        for (const p of c.problems) problems.push(`${table}.${column.name}: schema.ts says ${c.printed}: ${p}`);
        if (c.families.length !== 1) {
          problems.push(`${table}.${column.name}: schema.ts says ${c.printed}, ${c.families.length ? 'a mix of types' : 'only null'}; the column is ${column.type}`);
          continue;
        }
        const family = c.families[0]!;
        if (!(READ_FROM[family] ?? []).includes(column.type)) {
          problems.push(`${table}.${column.name}: schema.ts says ${c.printed} (${family}), the column is ${column.type}` + (family === 'boolean' ? ' (booleans are stored and read as 0/1)' : ''));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('makes a column nullable in schema.ts exactly when it is nullable in the database', () => {
    const problems: string[] = [];
    for (const table of common()) {
      const { columns } = declared.get(table)!;
      for (const column of shape[table]!.columns) {
        const c = columns.get(column.name);
        if (!c || c.nullable === !column.notNull) continue;
        problems.push(c.nullable ? `${table}.${column.name}: schema.ts says ${c.printed} (nullable), the column is NOT NULL` : `${table}.${column.name}: schema.ts says ${c.printed} (never null), the column is nullable`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives a column with a CHECK (column in (...)) the same values as its union of literals', () => {
    const problems: string[] = [];
    let compared = 0;
    for (const table of common()) {
      const { columns } = declared.get(table)!;
      for (const [column, values] of allowed.get(table) ?? []) {
        const c = columns.get(column);
        // A wider TypeScript type (string, number) says less than the check, but nothing wrong.
        if (!c?.literals) continue;
        compared++;
        if (c.literals.join('|') !== values.join('|')) {
          problems.push(`${table}.${column}: schema.ts allows ${c.literals.join(', ')}; the database's check allows ${values.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(compared, 'columns compared with their check').toBeGreaterThan(10);
  });
});
