// Generated employee CSV files for benchmarks (valid rows of the demo company).

const HEADER = 'firstName,lastName,gender,email,nationalId,company,department,jobTitle,leaveGroup,employmentType,pin,phone,birthday,officialStartDate,rfidCard';
const DEPARTMENTS = [
  ['Obrador', 'Oficial de panadería'],
  ['Obrador', 'Ayudante de obrador'],
  ['Tienda', 'Dependiente'],
  ['Tienda', 'Responsable de tienda'],
  ['Administración', 'Auxiliar administrativo'],
];

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
        `p${n}@example.es`,
        `B${String(n).padStart(8, '0')}`,
        'Panadería La Espiga',
        department,
        jobTitle,
        'General',
        i % 10 === 0 ? 'trainee' : 'regular',
        String(20_000_000 + n),
        `+34 600 ${String(n % 1_000_000).padStart(6, '0')}`,
        `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
        '2024-01-15',
        `CARD-${n}`,
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}
