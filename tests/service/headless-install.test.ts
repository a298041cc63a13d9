import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/server/config/configuration-error.ts';
import { ensureInitialAdmin } from '../../src/server/services/first-run/ensure-initial-admin.ts';
import { getSettings, invalidateSettings } from '../../src/server/services/get-settings.ts';
import { openEmptyDb, type EmptyDb } from '../helpers/service-db.ts';

/**
 * A headless install (JORNADA_ADMIN_*) started as the UK in Europe/Lisbon whatever the shop's
 * place (issue 37.15). JORNADA_COUNTRY and JORNADA_TIMEZONE set them; a value the sign-up form
 * would refuse stops the start with a message naming the variables, and creates nothing.
 */
const ADMIN = { JORNADA_ADMIN_EMAIL: 'owner@panaderia.test', JORNADA_ADMIN_PASSWORD: 'Horno#2026pan' };
let empty: EmptyDb | undefined;

afterEach(async () => {
  await empty?.close();
  empty = undefined;
});

describe('headless install', () => {
  it('takes the country and the time zone from the environment', async () => {
    empty = await openEmptyDb();
    expect(await ensureInitialAdmin(empty.db, { ...ADMIN, JORNADA_COUNTRY: 'es', JORNADA_TIMEZONE: 'Europe/Madrid' })).toContain('owner@panaderia.test');
    invalidateSettings();
    expect(await getSettings(empty.db)).toMatchObject({ country: 'ES', timezone: 'Europe/Madrid' });
  });

  it('keeps the defaults without them', async () => {
    empty = await openEmptyDb();
    await ensureInitialAdmin(empty.db, ADMIN);
    invalidateSettings();
    expect(await getSettings(empty.db)).toMatchObject({ country: 'UK', timezone: 'Europe/Lisbon' });
  });

  it('refuses an unknown zone or country, naming the variables, and creates nobody', async () => {
    empty = await openEmptyDb();
    for (const bad of [{ JORNADA_TIMEZONE: 'Europe/Valencia' }, { JORNADA_COUNTRY: 'XX' }]) {
      const attempt = ensureInitialAdmin(empty.db, { ...ADMIN, ...bad });
      await expect(attempt).rejects.toBeInstanceOf(ConfigurationError);
      await expect(ensureInitialAdmin(empty.db, { ...ADMIN, ...bad })).rejects.toThrow(/JORNADA_TIMEZONE/);
    }
    expect((await empty.db.selectFrom('users').select('id').execute()).length).toBe(0);
  });
});
