/** The text of `jornada --help` (pure: the unit tests read it without a database). */

/**
 * Every environment variable Jornada reads (keep in step with `grep -rn process.env src scripts`).
 * [name, default, meaning]
 */
export const ENVIRONMENT: ReadonlyArray<readonly [string, string, string]> = [
  ['PORT', '4321', 'TCP port the server listens on.'],
  ['HOST', '0.0.0.0', 'Address the server listens on (127.0.0.1 = this machine only).'],
  ['DATA_DIR', './data', 'Folder of the database (jornada.db), uploads, backups/ and config.json.'],
  [
    'DATABASE_URL',
    '-',
    'postgres://user:password@host:5432/name = use that PostgreSQL database instead of DATA_DIR/jornada.db (several app servers on one database; docs/postgresql.md). Every server needs the same config.json.',
  ],
  ['DATABASE_POOL_SIZE', '10', 'PostgreSQL only: connections each server keeps open.'],
  ['JORNADA_ADMIN_EMAIL', '-', 'With JORNADA_ADMIN_PASSWORD and no account yet: creates the first SuperAdmin at start.'],
  ['JORNADA_ADMIN_PASSWORD', '-', 'Password of that first SuperAdmin.'],
  ['JORNADA_ADMIN_NAME', 'Administrator', 'Name of that first SuperAdmin.'],
  ['JORNADA_COMPANY', 'My company', 'Company created with that first SuperAdmin.'],
  ['JORNADA_COUNTRY', 'UK', 'With that first SuperAdmin: the country (a code such as ES) whose holidays are offered.'],
  ['JORNADA_TIMEZONE', 'Europe/Lisbon', 'With that first SuperAdmin: the time zone of the record (e.g. Europe/Madrid).'],
  [
    'JORNADA_ALLOWED_HOSTS',
    '-',
    'Host names the server answers to, comma-separated (fichajes.example.com, *.example.com); others get 421 (DNS-rebinding defence). localhost and IP addresses always work. Empty: any host.',
  ],
  ['JORNADA_URL', 'http://127.0.0.1:PORT', 'jornada mcp only: the running Jornada its tools call (--url wins).'],
  ['JORNADA_API_TOKEN', '-', 'jornada mcp only: the API token (jt_…) its tools act with; never given on the command line.'],
  ['JORNADA_LANG', 'es', 'jornada mcp only: language of its messages (es or en).'],
  ['LOG_LEVEL', 'info', 'Log level: fatal, error, warn, info, debug, trace or silent (JSON lines on stdout).'],
  ['JORNADA_CACHE_DIR', '~/.cache/jornada', 'Single binary only: where it unpacks its native libraries ($XDG_CACHE_HOME/jornada when set).'],
  ['MALLOC_MMAP_THRESHOLD_', '1048576', 'Linux (glibc): set by Jornada at start (it re-executes itself in place) to keep memory low; a value you set is kept.'],
  ['MALLOC_ARENA_MAX', '2', 'Linux (glibc): set by Jornada at start like MALLOC_MMAP_THRESHOLD_ (fewer malloc arenas, less idle memory); a value you set is kept.'],
  ['NODE_OPTIONS', '--max-semi-space-size=8', 'Jornada adds this V8 option at start unless yours names a semi-space size (a smaller young generation: less idle memory).'],
  ['UV_THREADPOOL_SIZE', '6', 'Linux: set by Jornada at start like MALLOC_MMAP_THRESHOLD_ (libuv threads: 2 for password hashes, the rest for files and crypto); a value you set is kept.'],
  ['JORNADA_NO_BUILD', '-', 'npm start only: 1 = do not check the build (same as --no-build).'],
  ['NODE_ENV', '-', 'npm start only: production = never build at start; a missing or stale build stops the start (run npm run build). The server itself runs as production either way.'],
  ['JORNADA_DIST', 'dist', 'npm scripts only: the build folder.'],
  ['INIT_CWD', '-', 'Set by npm: npm run restore -- FILE reads a relative FILE from that folder.'],
];

/** Read only when JORNADA_TEST=1 (the test suite): never set them on a real installation. */
const TEST_ENVIRONMENT = ['JORNADA_TEST', 'JORNADA_FAKE_NOW', 'JORNADA_FAKE_NOW_FILE', 'JORNADA_BACKUP_CHECK_MS', 'JORNADA_QUICK_CHECK_MS', 'JORNADA_JOBS_CHECK_MS', 'JORNADA_OUTBOX_POLL_MS', 'JORNADA_LEADER_RETRY_MS'];

export function usage(): string {
  const width = Math.max(...ENVIRONMENT.map(([name]) => name.length)) + 2;
  return [
    'Jornada — time and attendance',
    '',
    'Usage:',
    '  jornada                 start the server (npm start; --demo loads the demo data set)',
    '  jornada backup          back up now into DATA_DIR/backups and print the file: one file with',
    '                          the database, the uploads and config.json (SENSITIVE: holds the',
    '                          instance secrets; mode 0600). Works while the server runs',
    '  jornada restore FILE [--reset-pins]',
    '                          put back a backup (database, uploads, config.json); stop the',
    '                          server first (a safety backup of the current state is made first).',
    '                          Refused when the secrets do not match the PINs; --reset-pins',
    '                          restores anyway and clears every PIN (employees need new ones)',
    '  jornada verify          check the tamper-evident record chain against the punches,',
    '                          corrections and voidings (works while the server runs); exit 0',
    '                          when intact, 1 counting the broken entries and naming the',
    '                          first 100, or listing approved figures that differ from a',
    '                          fresh computation',
    '  jornada migrate-to-postgres DATABASE_URL',
    '                          copy DATA_DIR/jornada.db into an empty PostgreSQL database (stop',
    '                          the server first), then check row counts and the record chain;',
    '                          on any failure nothing is kept (docs/postgresql.md)',
    '  jornada mcp [--url URL] the MCP server for AI assistants on stdin/stdout, against the',
    '                          running Jornada at URL (JORNADA_URL; default this machine on',
    '                          PORT), acting with the API token in JORNADA_API_TOKEN (docs/mcp.md)',
    '  jornada healthcheck     single binary only: exit 0 when the server on HOST:PORT answers',
    '                          /api/health (for container and service health checks)',
    '  jornada --version       the version and its database schema (the newest backups it can',
    '                          restore; CHANGELOG.md has the upgrade notes of each version)',
    '  jornada --help, -h      this text',
    '',
    'With npm: npm start -- --help, npm run backup, npm run restore -- FILE, npm run verify,',
    '  npm run migrate-to-postgres -- DATABASE_URL.',
    '',
    'Environment:',
    ...ENVIRONMENT.map(([name, fallback, meaning]) => `  ${name.padEnd(width)}${meaning} Default: ${fallback}.`.replace('Default: -.', '').trimEnd()),
    `  Test suite only (ignored unless JORNADA_TEST=1): ${TEST_ENVIRONMENT.join(', ')}.`,
  ].join('\n');
}
