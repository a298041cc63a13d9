import Papa from 'papaparse';
import { readSpreadsheetText } from '../format/spreadsheet-cell.ts';
import * as v from 'valibot';
import { CIVIL_STATUSES, EMPLOYEE_STATUSES, EMPLOYMENT_TYPES, EmployeeCreateInput, GENDERS } from './employee-schema.ts';

/**
 * Employee CSV import, the pure part shared by the browser (preview) and the server (the check
 * that counts): reading the file (`,` `;` or tab, UTF-8 BOM, quoted fields over several lines),
 * mapping headers in English or Spanish to fields, turning friendly values (Spanish labels,
 * `DD/MM/YYYY` dates, decimal commas) into the employee schema's input, and the rules that need
 * only the file (duplicates inside it). References are names here; the server resolves them.
 *
 * Line numbers are those of the file as a text editor shows them: the header is usually line 1,
 * and a row whose quoted value spans lines is numbered by its first line.
 */

/** The columns, in template order. `es` is the Spanish header of the template. */
export const CSV_COLUMNS = [
  { field: 'firstName', es: 'Nombre', aliases: ['firstname', 'givenname', 'nombre', 'nombres'] },
  { field: 'lastName', es: 'Apellidos', aliases: ['lastname', 'surname', 'familyname', 'surnames', 'apellidos', 'apellido'] },
  { field: 'gender', es: 'Género', aliases: ['gender', 'sex', 'genero', 'sexo'] },
  { field: 'email', es: 'Correo electrónico', aliases: ['email', 'emailaddress', 'mail', 'correo', 'correoelectronico', 'email personal', 'correopersonal'] },
  { field: 'nationalId', es: 'DNI/NIE', aliases: ['nationalid', 'idnumber', 'dni', 'nie', 'nif', 'dninie', 'dninif', 'nifnie', 'documento', 'documentodeidentidad', 'numerodedocumento'] },
  { field: 'company', es: 'Empresa', aliases: ['company', 'empresa'] },
  { field: 'department', es: 'Departamento', aliases: ['department', 'departamento'] },
  { field: 'jobTitle', es: 'Puesto', aliases: ['jobtitle', 'position', 'puesto', 'puestodetrabajo', 'cargo'] },
  { field: 'leaveGroup', es: 'Grupo de ausencia', aliases: ['leavegroup', 'grupodeausencia', 'grupodeausencias', 'grupoausencia'] },
  // "Tipo de contrato" names the contract type (the payroll field below), not this one.
  { field: 'employmentType', es: 'Tipo de empleo', aliases: ['employmenttype', 'tipodeempleo', 'tipoempleo'] },
  { field: 'pin', es: 'PIN', aliases: ['pin', 'codigopin'] },
  { field: 'civilStatus', es: 'Estado civil', aliases: ['civilstatus', 'maritalstatus', 'estadocivil'] },
  { field: 'height', es: 'Altura (cm)', aliases: ['height', 'heightcm', 'altura', 'alturacm', 'estatura'] },
  { field: 'weight', es: 'Peso (kg)', aliases: ['weight', 'weightkg', 'peso', 'pesokg'] },
  { field: 'phone', es: 'Teléfono', aliases: ['phone', 'telephone', 'mobile', 'telefono', 'movil'] },
  { field: 'birthday', es: 'Fecha de nacimiento', aliases: ['birthday', 'birthdate', 'dateofbirth', 'fechadenacimiento', 'fechanacimiento', 'nacimiento'] },
  { field: 'placeOfBirth', es: 'Lugar de nacimiento', aliases: ['placeofbirth', 'birthplace', 'lugardenacimiento', 'lugarnacimiento'] },
  { field: 'address', es: 'Dirección', aliases: ['address', 'direccion', 'domicilio'] },
  { field: 'companyEmail', es: 'Correo de empresa', aliases: ['companyemail', 'workemail', 'correodeempresa', 'correodelaempresa', 'correocorporativo', 'emailcorporativo'] },
  { field: 'employmentStatus', es: 'Situación laboral', aliases: ['employmentstatus', 'situacionlaboral', 'estadolaboral'] },
  { field: 'officialStartDate', es: 'Fecha de alta', aliases: ['officialstartdate', 'startdate', 'fechadealta', 'fechaalta', 'fechadeinicio', 'fechainicio', 'fechadeincorporacion'] },
  { field: 'dateRegularized', es: 'Fecha de regularización', aliases: ['dateregularized', 'regularizeddate', 'fechaderegularizacion', 'fecharegularizacion'] },
  { field: 'leavePrivilege', es: 'Derecho de ausencia', aliases: ['leaveprivilege', 'derechodeausencia', 'privilegiodeausencia', 'privilegio'] },
  { field: 'rfidCard', es: 'Tarjeta RFID', aliases: ['rfidcard', 'rfid', 'badge', 'card', 'tarjeta', 'tarjetarfid'] },
  { field: 'status', es: 'Estado', aliases: ['status', 'estado'] },
  // For the payroll export (migration 0030, decision 052): optional free text, as the bureau names them.
  { field: 'professionalCategory', es: 'Categoría profesional', aliases: ['professionalcategory', 'category', 'professionalgroup', 'categoria', 'categoriaprofesional', 'grupoprofesional', 'categoriaogrupoprofesional'] },
  { field: 'contractType', es: 'Tipo de contrato', aliases: ['contracttype', 'contract', 'tipodecontrato', 'contrato', 'modalidaddecontrato', 'modalidadcontractual'] },
] as const;

export type CsvField = (typeof CSV_COLUMNS)[number]['field'];

/** Columns a file must have (the employee schema's required fields; email is optional since issue 37). */
export const REQUIRED_COLUMNS: readonly CsvField[] = ['firstName', 'lastName', 'gender', 'nationalId', 'company', 'department', 'jobTitle', 'leaveGroup', 'employmentType', 'pin'];

/** The reference columns: names in the file, ids once the server has found (or made) them. */
export const REFERENCE_FIELDS = ['company', 'department', 'jobTitle', 'leaveGroup'] as const;

/** A reason a row cannot be imported. `key` is an i18n key, `field` a field name ('' = whole row). */
export interface RowProblem {
  line: number;
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

export interface CsvRow {
  line: number;
  values: Partial<Record<CsvField, string>>;
}

export interface ParsedEmployeeCsv {
  delimiter: string;
  /** The header row as written in the file. */
  headers: string[];
  /** The field of each header position; null for a column that is not imported. */
  columns: (CsvField | null)[];
  /** Header text per field, to name columns in messages as the file names them. */
  headerOf: Partial<Record<CsvField, string>>;
  unknownColumns: string[];
  missingColumns: CsvField[];
  /** A field named by two headers (which one counts would be a guess). */
  duplicateColumns: string[];
  /** Rows with at least one value; blank lines are skipped but still counted. */
  rows: CsvRow[];
  /** Problems of the file's structure: a row with more values than headers, an unclosed quote. */
  problems: RowProblem[];
}

/** Lower case, no accents, letters and digits only: "Correo electrónico" -> "correoelectronico". */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const HEADER_INDEX: ReadonlyMap<string, CsvField> = new Map(CSV_COLUMNS.flatMap((c) => [c.field, c.es, ...c.aliases].map((alias) => [normalizeHeader(alias), c.field] as const)));

/** The field a header names, in English or Spanish, however cased, spaced or accented. */
export function fieldOfHeader(header: string): CsvField | null {
  return HEADER_INDEX.get(normalizeHeader(header)) ?? null;
}

/** Text without a leading byte order mark and with `\n` line ends (Windows and old Mac ends too). */
export function cleanText(text: string): string {
  return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, '\n');
}

/**
 * The delimiter of the header line: the most frequent of `;`, `,` and tab outside quotes
 * (Spanish Excel writes `;` because the comma is its decimal separator); `,` when none.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' && !quoted) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [ch, n] of counts) if (n > counts.get(best)!) best = ch;
  return best;
}

/** Resolves when work may go on: the server yields to its event loop there (pure code only awaits it). */
export type Pause = () => Promise<void>;

/** About this many characters of CSV are parsed between two calls of `pause` (~100 rows). */
const SEGMENT_CHARS = 16 * 1024;
/** Rows validated between two calls of `pause`. */
const ROWS_PER_PAUSE = 100;

interface CsvRecord {
  line: number;
  data: string[];
  error?: string;
}

/**
 * The end of the first record that ends at or after `atLeast`, scanning from `start` (a record
 * boundary): the index just past a newline outside a quoted field, or text.length. Quotes follow
 * the parser's rules: a field is quoted only when `"` starts it; inside, `""` is a quote and `"`
 * closes the field only when a delimiter, a newline or the end follows (spaces allowed). So a
 * well-formed file splits exactly where the parser ends records, and a malformed quote only makes
 * a piece longer.
 */
export function nextRecordBoundary(text: string, start: number, atLeast: number, delimiter: string): number {
  let quoted = false;
  let fieldStart = true;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') continue;
      if (text[i + 1] === '"') {
        i++;
        continue;
      }
      let j = i + 1;
      while (text[j] === ' ') j++;
      if (j >= text.length || text[j] === delimiter || text[j] === '\n') quoted = false;
      continue;
    }
    if (ch === '\n' && i >= atLeast) return i + 1;
    if (ch === '"' && fieldStart) quoted = true;
    fieldStart = ch === delimiter || ch === '\n';
  }
  return text.length;
}

/** Parses one piece of CSV that starts at a record boundary; its first line is `firstLine`. */
function readRecords(segment: string, delimiter: string, firstLine: number, records: CsvRecord[]): void {
  let pos = 0;
  let line = firstLine;
  Papa.parse<string[]>(segment, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    skipEmptyLines: false,
    step(result) {
      const start = line;
      const end = result.meta.cursor;
      for (let i = segment.indexOf('\n', pos); i !== -1 && i < end; i = segment.indexOf('\n', i + 1)) line++;
      pos = end;
      const error = result.errors[0];
      records.push({ line: start, data: result.data, ...(error ? { error: error.code } : {}) });
    },
  });
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Reads an employee CSV: header mapping, rows with their line numbers, structural problems. */
export function parseEmployeeCsv(input: string): ParsedEmployeeCsv {
  const text = cleanText(input);
  const delimiter = detectDelimiter(text);
  const records: CsvRecord[] = [];
  readRecords(text, delimiter, 1, records);
  return recordsToParsed(records, delimiter);
}

/**
 * parseEmployeeCsv in pieces of about SEGMENT_CHARS, split at record boundaries, awaiting `pause`
 * between them: the same result, without holding the server's event loop for a whole large file.
 */
export async function parseEmployeeCsvInChunks(input: string, pause: Pause): Promise<ParsedEmployeeCsv> {
  const text = cleanText(input);
  const delimiter = detectDelimiter(text);
  const records: CsvRecord[] = [];
  let line = 1;
  for (let start = 0; start < text.length;) {
    const end = nextRecordBoundary(text, start, start + SEGMENT_CHARS, delimiter);
    const segment = text.slice(start, end);
    readRecords(segment, delimiter, line, records);
    line += countNewlines(segment);
    start = end;
    if (start < text.length) await pause();
  }
  return recordsToParsed(records, delimiter);
}

function recordsToParsed(records: CsvRecord[], delimiter: string): ParsedEmployeeCsv {
  const filled = records.filter((r) => r.data.some((cell) => cell.trim() !== ''));
  const [head, ...body] = filled;
  const headers = head ? head.data.map((h) => h.trim()) : [];
  const columns = headers.map(fieldOfHeader);
  const headerOf: Partial<Record<CsvField, string>> = {};
  const duplicateColumns: string[] = [];
  const unknownColumns: string[] = [];
  headers.forEach((h, i) => {
    const field = columns[i];
    if (!field) {
      if (h !== '') unknownColumns.push(h);
    } else if (headerOf[field] !== undefined) {
      duplicateColumns.push(h);
      columns[i] = null;
    } else {
      headerOf[field] = h;
    }
  });
  const missingColumns = head ? REQUIRED_COLUMNS.filter((f) => headerOf[f] === undefined) : [...REQUIRED_COLUMNS];

  const problems: RowProblem[] = [];
  const rows: CsvRow[] = [];
  for (const record of body) {
    if (record.error === 'MissingQuotes' || record.error === 'InvalidQuotes') {
      problems.push({ line: record.line, field: '', key: 'employeeImport.unclosedQuote' });
      continue;
    }
    const extra = record.data.slice(headers.length).filter((cell) => cell.trim() !== '');
    if (extra.length > 0) {
      problems.push({ line: record.line, field: '', key: 'employeeImport.tooManyValues', params: { count: record.data.length, columns: headers.length } });
      continue;
    }
    const values: Partial<Record<CsvField, string>> = {};
    columns.forEach((field, i) => {
      // The template's `'` before a formula character (formula-injection defence) is not part of the value.
      if (field) values[field] = readSpreadsheetText((record.data[i] ?? '').trim()).trim();
    });
    rows.push({ line: record.line, values });
  }
  return { delimiter, headers, columns, headerOf, unknownColumns, missingColumns, duplicateColumns, rows, problems };
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

const word = (s: string) => normalizeHeader(s);

/** Accepted spellings of each choice: the stored code, English and Spanish labels. */
const CHOICES: Partial<Record<CsvField, Record<string, readonly string[]>>> = {
  gender: {
    female: ['female', 'woman', 'mujer', 'femenino', 'f'],
    male: ['male', 'man', 'hombre', 'varon', 'masculino', 'h'],
    other: ['other', 'otro', 'otra', 'otros', 'nobinario', 'x'],
  },
  civilStatus: {
    single: ['single', 'soltero', 'soltera', 'solteroa'],
    married: ['married', 'casado', 'casada', 'casadoa'],
    partner: ['partner', 'domesticpartner', 'parejadehecho', 'pareja'],
    divorced: ['divorced', 'divorciado', 'divorciada', 'divorciadoa', 'separado', 'separada'],
    widowed: ['widowed', 'viudo', 'viuda', 'viudoa'],
  },
  employmentType: {
    regular: ['regular', 'permanent', 'fijo', 'fija', 'indefinido', 'indefinida', 'plantilla'],
    trainee: ['trainee', 'intern', 'enpracticas', 'practicas', 'becario', 'becaria', 'aprendiz'],
  },
  status: {
    active: ['active', 'activo', 'activa', 'alta'],
    archived: ['archived', 'archivado', 'archivada', 'baja'],
  },
};

/** The codes a choice field takes, for messages. */
export const CHOICE_CODES: Partial<Record<CsvField, readonly string[]>> = {
  gender: GENDERS,
  civilStatus: CIVIL_STATUSES,
  employmentType: EMPLOYMENT_TYPES,
  status: EMPLOYEE_STATUSES,
};

const CHOICE_INDEX = new Map(Object.entries(CHOICES).map(([field, options]) => [field, new Map(Object.entries(options).flatMap(([code, spellings]) => spellings.map((s) => [word(s), code] as const)))]));

/** The code of a choice value ("Mujer" -> "female"); undefined when not recognised. */
export function choiceCode(field: CsvField, value: string): string | undefined {
  return CHOICE_INDEX.get(field)?.get(word(value));
}

const DATE_FIELDS = new Set<CsvField>(['birthday', 'officialStartDate', 'dateRegularized']);

/** The payroll texts and their longest length (the employee schema's). */
export const PAYROLL_TEXT_MAX: Partial<Record<CsvField, number>> = { professionalCategory: 120, contractType: 120 };

/**
 * A date as `YYYY-MM-DD`. Also reads `D/M/YYYY`, `D-M-YYYY` and `D.M.YYYY` (day first, as in
 * Spain and most of Europe) and a spreadsheet's `YYYY-MM-DD 00:00:00`. Anything else is returned
 * as given, for the schema to refuse.
 */
export function normalizeDate(value: string): string {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T][\d:.]+Z?)?$/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return value;
}

/** National IDs compare without case, spaces, dots or dashes ("12.345.678-z" = "12345678Z"). */
export function nationalIdKey(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

/** Names compare without case or repeated spaces. */
export function nameKey(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

const REFERENCE_NAME = v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(120, 'validation.tooLong'));

/** The employee schema with the four references as names. */
export const EmployeeImportRow = v.object(
  {
    ...EmployeeCreateInput.entries,
    company: REFERENCE_NAME,
    department: REFERENCE_NAME,
    jobTitle: REFERENCE_NAME,
    leaveGroup: REFERENCE_NAME,
  },
  'validation.required',
);
export type EmployeeImportRow = v.InferOutput<typeof EmployeeImportRow>;

/** A row after the file's checks: its schema input, the fields already refused, the data if valid. */
export interface CheckedRow {
  line: number;
  input: Record<string, string>;
  /** Fields with a problem (their values are not checked further). */
  flagged: Set<string>;
  /** The schema's output when the row passed every check of the file. */
  data?: EmployeeImportRow;
}

const MESSAGE_KEY = /^[a-zA-Z]+\.[a-zA-Z.]+$/;

/** A row's values as the schema's input: choices to codes, dates to ISO, decimal commas to points. */
export function rowInput(values: Partial<Record<CsvField, string>>): { input: Record<string, string>; problems: Omit<RowProblem, 'line'>[] } {
  const input: Record<string, string> = {};
  const problems: Omit<RowProblem, 'line'>[] = [];
  for (const [field, raw] of Object.entries(values) as [CsvField, string][]) {
    let value = raw;
    if (value !== '' && CHOICE_CODES[field]) {
      const code = choiceCode(field, value);
      if (code === undefined) {
        problems.push({ field, key: 'employeeImport.invalidChoice', params: { value, choices: CHOICE_CODES[field]!.join(', ') } });
        continue;
      }
      value = code;
    } else if (DATE_FIELDS.has(field)) {
      value = normalizeDate(value);
    } else if ((field === 'height' || field === 'weight') && /^\d+,\d+$/.test(value)) {
      value = value.replace(',', '.');
    } else if (PAYROLL_TEXT_MAX[field] !== undefined && value.length > PAYROLL_TEXT_MAX[field]!) {
      problems.push({ field, key: 'employeeImport.payrollTextTooLong', params: { max: PAYROLL_TEXT_MAX[field], count: value.length } });
      continue;
    }
    // Empty optional choices and status fall back to the schema's defaults.
    if (value === '' && (field === 'status' || field === 'civilStatus')) continue;
    input[field] = value;
  }
  return { input, problems };
}

/**
 * Checks every row against the employee schema (references as names) and the rules the file
 * alone can decide: one national ID, one badge, and per company one PIN. The later of two
 * clashing rows is the one reported, naming the line of the first.
 */
export function validateImportRows(rows: readonly CsvRow[]): { checked: CheckedRow[]; problems: RowProblem[] } {
  const checker = rowChecker();
  for (const row of rows) checker.check(row);
  return checker.result;
}

/** validateImportRows awaiting `pause` every ROWS_PER_PAUSE rows: the same result. */
export async function validateImportRowsInChunks(rows: readonly CsvRow[], pause: Pause): Promise<{ checked: CheckedRow[]; problems: RowProblem[] }> {
  const checker = rowChecker();
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % ROWS_PER_PAUSE === 0) await pause();
    checker.check(rows[i]!);
  }
  return checker.result;
}

function rowChecker() {
  const checked: CheckedRow[] = [];
  const problems: RowProblem[] = [];
  const seenNationalId = new Map<string, number>();
  const seenCard = new Map<string, number>();
  const seenPin = new Map<string, number>();

  const check = (row: CsvRow) => {
    const { input, problems: valueProblems } = rowInput(row.values);
    const mine: RowProblem[] = valueProblems.map((p) => ({ line: row.line, ...p }));
    const flagged = new Set(mine.map((p) => p.field));
    const result = v.safeParse(EmployeeImportRow, input);
    if (!result.success) {
      for (const issue of result.issues) {
        const field = v.getDotPath(issue) ?? '';
        if (flagged.has(field)) continue;
        flagged.add(field);
        mine.push({ line: row.line, field, key: MESSAGE_KEY.test(issue.message) ? issue.message : 'validation.invalidInput' });
      }
    }

    const clash = (field: string, key: string | undefined, seen: Map<string, number>, message: string) => {
      if (!key || flagged.has(field)) return;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, row.line);
      } else {
        flagged.add(field);
        mine.push({ line: row.line, field, key: message, params: { line: first } });
      }
    };
    clash('nationalId', input['nationalId'] ? nationalIdKey(input['nationalId']) : undefined, seenNationalId, 'employeeImport.nationalIdInFile');
    clash('rfidCard', input['rfidCard']?.trim() || undefined, seenCard, 'employeeImport.rfidInFile');
    const pin = input['pin']?.trim();
    const company = input['company'] && !flagged.has('company') ? nameKey(input['company']) : '';
    clash('pin', pin && company ? `${company}\u0000${pin}` : undefined, seenPin, 'employeeImport.pinInFile');

    problems.push(...mine);
    checked.push({ line: row.line, input, flagged, ...(mine.length === 0 && result.success ? { data: result.output } : {}) });
  };
  return { check, result: { checked, problems } };
}

/** The request body of `POST /api/employees/import`. */
export const EmployeeImportRequest = v.object(
  {
    csv: v.string('employeeImport.noFile'),
    createMissing: v.optional(v.boolean('validation.invalidInput'), false),
    dryRun: v.optional(v.boolean('validation.invalidInput'), false),
  },
  'employeeImport.noFile',
);
export type EmployeeImportRequest = v.InferOutput<typeof EmployeeImportRequest>;

/** Template header: the field names (English, as the API) or the Spanish labels. */
export function templateHeaders(lang: 'es' | 'en'): string[] {
  return CSV_COLUMNS.map((c) => (lang === 'es' ? c.es : c.field));
}
