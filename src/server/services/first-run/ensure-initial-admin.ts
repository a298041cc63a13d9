import * as v from 'valibot';
import { SignUpSchema } from '#domain/auth/auth-schemas.ts';
import type { Db } from '../../db/connection.ts';
import { countUsers } from '../../db/repositories/users.ts';
import { createFirstAccount } from './create-first-account.ts';
import { ConfigurationError } from '../../config/configuration-error.ts';

/**
 * Headless installs: with JORNADA_ADMIN_EMAIL and JORNADA_ADMIN_PASSWORD set and no user yet,
 * creates the company (JORNADA_COMPANY, default "My company") and the first SuperAdmin, with the
 * installation's country and time zone (JORNADA_COUNTRY, an ISO code such as ES, and
 * JORNADA_TIMEZONE, an IANA zone such as Europe/Madrid; the defaults without them, issue 37.15).
 * Returns a line to print, or undefined when nothing was done.
 */
export async function ensureInitialAdmin(db: Db, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const email = env['JORNADA_ADMIN_EMAIL'];
  const password = env['JORNADA_ADMIN_PASSWORD'];
  if (!email || !password) return undefined;
  if ((await countUsers(db)) > 0) return undefined;
  const parsed = v.safeParse(SignUpSchema, {
    company: env['JORNADA_COMPANY'] || 'My company',
    full_name: env['JORNADA_ADMIN_NAME'] || 'Administrator',
    email,
    password,
    ...(env['JORNADA_COUNTRY'] ? { country: env['JORNADA_COUNTRY'].trim().toUpperCase() } : {}),
    ...(env['JORNADA_TIMEZONE'] ? { timezone: env['JORNADA_TIMEZONE'].trim() } : {}),
  });
  if (!parsed.success) {
    const problems = parsed.issues.map((i) => `${v.getDotPath(i) ?? 'input'}: ${i.message}`).join(', ');
    throw new ConfigurationError(`JORNADA_ADMIN_EMAIL / JORNADA_ADMIN_PASSWORD / JORNADA_COUNTRY / JORNADA_TIMEZONE are not acceptable (${problems})`);
  }
  await createFirstAccount(db, {
    company: parsed.output.company,
    fullName: parsed.output.full_name,
    email: parsed.output.email,
    password: parsed.output.password,
    country: parsed.output.country,
    timezone: parsed.output.timezone,
  });
  return `Created the first SuperAdmin ${parsed.output.email} from JORNADA_ADMIN_EMAIL.`;
}
