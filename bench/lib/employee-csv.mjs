// Generated employee CSV files for benchmarks (valid rows of the demo company).

const HEADER = 'firstName,lastName,gender,email,nationalId,company,department,jobTitle,leaveGroup,employmentType,pin,phone,birthday,officialStartDate,rfidCard';
const DEPARTMENTS = [
  ['Obrador', 'Oficial de panadería'],
  ['Obrador', 'Ayudante de obrador'],
  ['Tienda', 'Dependiente'],
  ['Tienda', 'Responsable de tienda'],
  ['Administración', 'Auxiliar administrativo'],
];

/** The PIN of row `i` of batch `batch` in makeCsv's file. */
export const pinOf = (batch, i) => String(20_000_000 + batch * 1_000_000 + i);

/** The e-mail address of row `i` of batch `batch` in makeCsv's file. */
export const emailOf = (batch, i) => `p${batch * 1_000_000 + i}@example.es`;

/** `count` valid employees of the demo company; `batch` keeps IDs, PINs and badges unique across runs. */
export function makeCsv(count, batch) {
  const lines = [HEADER];
  for (let i = 0; i < count; i++) {
    const n = batch * 1_000_000 + i;
    const [department, jobTitle] = DEPARTMENTS[i % DEPARTMENTS.length];
    lines.push(
      [
        `Nombre${n}`,
        `Apellido${n} Prueba`,
        i % 2 ? 'male' : 'female',
        emailOf(batch, i),
        `B${String(n).padStart(8, '0')}`,
        'Panadería La Espiga',
        department,
        jobTitle,
        'General',
        i % 10 === 0 ? 'trainee' : 'regular',
        pinOf(batch, i),
        `+34 600 ${String(n % 1_000_000).padStart(6, '0')}`,
        `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
        '2024-01-15',
        `CARD-${n}`,
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}
