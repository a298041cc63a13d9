import { describe, expect, it } from 'vitest';
import {
  choiceCode,
  cleanText,
  detectDelimiter,
  fieldOfHeader,
  nationalIdKey,
  normalizeDate,
  parseEmployeeCsv,
  REQUIRED_COLUMNS,
  rowInput,
  templateHeaders,
  validateImportRows,
} from '../../src/domain/employees/csv-import.ts';
import { matchApiRoute } from '../../src/domain/routing/api-table.ts';
import { translate } from '../../src/i18n/translate.ts';

const HEADER = 'firstName,lastName,gender,email,nationalId,company,department,jobTitle,leaveGroup,employmentType,pin';
const row = (n: number, over: Partial<Record<string, string>> = {}) => {
  const v = {
    firstName: `Ana${n}`,
    lastName: 'Pérez',
    gender: 'female',
    email: `ana${n}@example.es`,
    nationalId: `X${1000000 + n}A`,
    company: 'Acme',
    department: 'Shop',
    jobTitle: 'Clerk',
    leaveGroup: 'General',
    employmentType: 'regular',
    pin: String(200000 + n),
    ...over,
  };
  return HEADER.split(',')
    .map((k) => v[k as keyof typeof v])
    .join(',');
};

describe('reading the file', () => {
  it('detects comma, semicolon and tab delimiters from the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(detectDelimiter('Nombre;Apellidos;Correo\nAna;Pérez, Ruiz;a@b.es')).toBe(';');
    expect(detectDelimiter('"a;b;c",d\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('single')).toBe(',');
  });

  it('strips a UTF-8 byte order mark and normalizes Windows and old Mac line ends', () => {
    expect(cleanText('\uFEFFa;b\r\n1;2\r3;4')).toBe('a;b\n1;2\n3;4');
    const parsed = parseEmployeeCsv(`\uFEFF${HEADER}\r\n${row(1)}\r\n`);
    expect(parsed.headers[0]).toBe('firstName');
    expect(parsed.columns[0]).toBe('firstName');
    expect(parsed.missingColumns).toEqual([]);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]!.values.firstName).toBe('Ana1');
  });

  it('parses semicolon files (Spanish Excel) with Spanish headers and quoted delimiters', () => {
    const text = [
      '\uFEFFNombre;Apellidos;Género;Correo electrónico;DNI/NIE;Empresa;Departamento;Puesto;Grupo de ausencia;Tipo de empleo;PIN;Dirección',
      'Lucía;García;Mujer;lucia@example.es;12345678Z;Acme;Tienda;Dependienta;General;Fijo;123456;"Calle Mayor 1; 2º"',
    ].join('\r\n');
    const parsed = parseEmployeeCsv(text);
    expect(parsed.delimiter).toBe(';');
    expect(parsed.missingColumns).toEqual([]);
    expect(parsed.rows[0]!.values).toMatchObject({ firstName: 'Lucía', gender: 'Mujer', address: 'Calle Mayor 1; 2º', pin: '123456' });
  });

  it('numbers rows by their line in the file: blank lines count, quoted line breaks stay in the value', () => {
    const text = [HEADER, row(1), '', row(2, { lastName: '"Pérez\nRuiz"' }), ' ', row(3), ''].join('\n');
    const parsed = parseEmployeeCsv(text);
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 4, 7]);
    expect(parsed.rows[1]!.values.lastName).toBe('Pérez\nRuiz');
  });

  it('counts the header line when blank lines come first', () => {
    const parsed = parseEmployeeCsv(`\n\n${HEADER}\n${row(1)}`);
    expect(parsed.rows[0]!.line).toBe(4);
  });

  it('maps header aliases in English and Spanish, whatever the case, spacing or accents', () => {
    expect(fieldOfHeader('First Name')).toBe('firstName');
    expect(fieldOfHeader('first_name')).toBe('firstName');
    expect(fieldOfHeader('APELLIDOS')).toBe('lastName');
    expect(fieldOfHeader('Correo electronico')).toBe('email');
    expect(fieldOfHeader('DNI')).toBe('nationalId');
    expect(fieldOfHeader('Puesto de trabajo')).toBe('jobTitle');
    expect(fieldOfHeader('Grupo de ausencias')).toBe('leaveGroup');
    expect(fieldOfHeader('Fecha de alta')).toBe('officialStartDate');
    expect(fieldOfHeader('Tarjeta RFID')).toBe('rfidCard');
    expect(fieldOfHeader('Shoe size')).toBeNull();
    // Every template header maps back to its own field.
    for (const lang of ['es', 'en'] as const) {
      const parsed = parseEmployeeCsv(templateHeaders(lang).join(';'));
      expect(parsed.unknownColumns).toEqual([]);
      expect(parsed.duplicateColumns).toEqual([]);
      expect(parsed.missingColumns).toEqual([]);
    }
  });

  it('reports missing required columns, repeated and unknown columns', () => {
    const parsed = parseEmployeeCsv('firstName,nombre,Shoe size,email\nA,B,42,a@b.es');
    expect(parsed.duplicateColumns).toEqual(['nombre']);
    expect(parsed.unknownColumns).toEqual(['Shoe size']);
    expect(parsed.missingColumns).toEqual(REQUIRED_COLUMNS.filter((f) => f !== 'firstName' && f !== 'email'));
    expect(parseEmployeeCsv('').missingColumns).toEqual(REQUIRED_COLUMNS);
    expect(parseEmployeeCsv('').headers).toEqual([]);
  });

  it('refuses a row with more values than headers and an unclosed quote, with their lines', () => {
    const text = [HEADER, row(1), `${row(2)},extra`, `${row(3)},,`, row(4, { lastName: '"Pérez' })].join('\n');
    const parsed = parseEmployeeCsv(text);
    expect(parsed.problems).toEqual([
      { line: 3, field: '', key: 'employeeImport.tooManyValues', params: { count: 12, columns: 11 } },
      { line: 5, field: '', key: 'employeeImport.unclosedQuote' },
    ]);
    // Trailing empty values (spreadsheets add them) are fine.
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 4]);
  });
});

describe('values', () => {
  it('reads choices as codes or English and Spanish labels', () => {
    expect(choiceCode('gender', 'Mujer')).toBe('female');
    expect(choiceCode('gender', 'MALE')).toBe('male');
    expect(choiceCode('gender', 'h')).toBe('male');
    expect(choiceCode('employmentType', 'En prácticas')).toBe('trainee');
    expect(choiceCode('employmentType', 'fijo')).toBe('regular');
    expect(choiceCode('civilStatus', 'Casada')).toBe('married');
    expect(choiceCode('status', 'Archivado')).toBe('archived');
    expect(choiceCode('gender', 'alien')).toBeUndefined();
  });

  it('reads day-first dates and spreadsheet date-times', () => {
    expect(normalizeDate('1990-05-17')).toBe('1990-05-17');
    expect(normalizeDate('17/05/1990')).toBe('1990-05-17');
    expect(normalizeDate('7-5-1990')).toBe('1990-05-07');
    expect(normalizeDate('17.05.1990')).toBe('1990-05-17');
    expect(normalizeDate('1990-5-7 00:00:00')).toBe('1990-05-07');
    expect(normalizeDate('May 17')).toBe('May 17');
  });

  it('turns a row into schema input and names values it cannot read', () => {
    const { input, problems } = rowInput({ gender: 'Mujer', height: '172,5', birthday: '01/02/2000', status: '', civilStatus: 'x', employmentType: 'Fijo' });
    expect(input).toEqual({ gender: 'female', height: '172.5', birthday: '2000-02-01', employmentType: 'regular' });
    expect(problems).toEqual([{ field: 'civilStatus', key: 'employeeImport.invalidChoice', params: { value: 'x', choices: 'single, married, partner, divorced, widowed' } }]);
  });

  it('reads the payroll fields (category, contract type) as optional text, refusing one longer than the employee form takes', () => {
    expect(fieldOfHeader('Categoría profesional')).toBe('professionalCategory');
    expect(fieldOfHeader('Grupo profesional')).toBe('professionalCategory');
    expect(fieldOfHeader('Tipo de contrato')).toBe('contractType');
    expect(fieldOfHeader('contract type')).toBe('contractType');
    // "Tipo de contrato" no longer names the employment type (regular or trainee).
    expect(fieldOfHeader('Tipo de empleo')).toBe('employmentType');
    expect(REQUIRED_COLUMNS).not.toContain('contractType');
    expect(REQUIRED_COLUMNS).not.toContain('email');
    expect(templateHeaders('es').slice(-2)).toEqual(['Categoría profesional', 'Tipo de contrato']);
    expect(templateHeaders('en').slice(-2)).toEqual(['professionalCategory', 'contractType']);
    const rows = parseEmployeeCsv([`${HEADER},professionalCategory,contractType`, `${row(1)},Grupo 4,100 Indefinido`, `${row(2)},,`, `${row(3)},${'x'.repeat(121)},401`].join('\n')).rows;
    const { checked, problems } = validateImportRows(rows);
    expect(checked[0]!.data).toMatchObject({ professionalCategory: 'Grupo 4', contractType: '100 Indefinido' });
    expect(checked[1]!.data).toMatchObject({ professionalCategory: null, contractType: null });
    expect(problems).toEqual([{ line: 4, field: 'professionalCategory', key: 'employeeImport.payrollTextTooLong', params: { max: 120, count: 121 } }]);
    expect(translate('es', problems[0]!.key, problems[0]!.params)).toBe('Como mucho 120 caracteres (este tiene 121), como lo anota la gestoría');
    expect(translate('en', problems[0]!.key, problems[0]!.params)).toBe('At most 120 characters (this one has 121), as the payroll bureau names it');
  });

  it('compares national IDs without case, spaces, dots or dashes', () => {
    expect(nationalIdKey('12.345.678-z')).toBe(nationalIdKey('12345678Z'));
  });
});

describe('row checks', () => {
  const parse = (...rows: string[]) => parseEmployeeCsv([HEADER, ...rows].join('\n')).rows;

  it('accepts valid rows and gives the schema output with names for references', () => {
    const { checked, problems } = validateImportRows(parse(row(1), row(2, { gender: 'Hombre', employmentType: 'En prácticas' })));
    expect(problems).toEqual([]);
    expect(checked.map((c) => c.data?.gender)).toEqual(['female', 'male']);
    expect(checked[1]!.data).toMatchObject({ company: 'Acme', department: 'Shop', employmentType: 'trainee', status: 'active', email: 'ana2@example.es' });
  });

  it('lists every problem with its line and field: schema messages, unreadable choices', () => {
    const { checked, problems } = validateImportRows(parse(row(1), row(2, { email: 'not-an-email', pin: '12' }), row(3, { gender: 'alien', department: '' })));
    expect(problems).toEqual([
      { line: 3, field: 'email', key: 'validation.invalidEmail' },
      { line: 3, field: 'pin', key: 'employees.pinFormat' },
      { line: 4, field: 'gender', key: 'employeeImport.invalidChoice', params: { value: 'alien', choices: 'female, male, other' } },
      { line: 4, field: 'department', key: 'validation.required' },
    ]);
    expect(checked.map((c) => Boolean(c.data))).toEqual([true, false, false]);
  });

  it('refuses the later of two rows sharing a national ID, a badge, or a PIN in the same company', () => {
    const rfid = 'rfidCard';
    const rows = parseEmployeeCsv(
      [
        `${HEADER},${rfid}`,
        `${row(1)},CARD-1`,
        `${row(2, { nationalId: 'x-1000001a' })},CARD-2`,
        `${row(3)},CARD-1`,
        `${row(4, { pin: '200001', company: 'ACME ' })},`,
        `${row(5, { pin: '200001', company: 'Other' })},`,
      ].join('\n'),
    ).rows;
    const { problems } = validateImportRows(rows);
    expect(problems).toEqual([
      { line: 3, field: 'nationalId', key: 'employeeImport.nationalIdInFile', params: { line: 2 } },
      { line: 4, field: 'rfidCard', key: 'employeeImport.rfidInFile', params: { line: 2 } },
      { line: 5, field: 'pin', key: 'employeeImport.pinInFile', params: { line: 2 } },
    ]);
  });

  it('does not compare a value that is already refused', () => {
    const { problems } = validateImportRows(parse(row(1, { pin: '12' }), row(2, { pin: '12' })));
    expect(problems.map((p) => p.key)).toEqual(['employees.pinFormat', 'employees.pinFormat']);
  });
});

describe('routes', () => {
  it('the import endpoints need employee.create and are not taken for an employee id', () => {
    expect(matchApiRoute('POST', '/api/employees/import')?.authority).toEqual(['employee.create']);
    expect(matchApiRoute('GET', '/api/employees/import-template')?.authority).toEqual(['employee.create']);
    expect(matchApiRoute('GET', '/api/employees/[id]')?.authority).toEqual(['employee.read']);
  });
});
