import * as v from 'valibot';
import { COUNTRIES, timeZones } from './settings-schema.ts';

/**
 * First-run setup's country and time zone (issue 17, point 1). The browser proposes them, the
 * server accepts only a code of `COUNTRIES` and a zone of the runtime's IANA list
 * (`Intl.supportedValuesOf('timeZone')`), and both are saved in the settings with the account.
 */
export type Country = (typeof COUNTRIES)[number];

const ZONE_COUNTRY: Readonly<Record<string, Country>> = {
  'Europe/Madrid': 'ES',
  'Atlantic/Canary': 'ES',
  'Africa/Ceuta': 'ES',
  'Europe/Lisbon': 'PT',
  'Atlantic/Madeira': 'PT',
  'Atlantic/Azores': 'PT',
  'Europe/London': 'UK',
  'Europe/Paris': 'FR',
  'Europe/Berlin': 'DE',
  'Europe/Rome': 'IT',
  'Europe/Dublin': 'IE',
  'Europe/Amsterdam': 'NL',
  'Europe/Brussels': 'BE',
  'Europe/Luxembourg': 'LU',
  'Europe/Vienna': 'AT',
  'Europe/Zurich': 'CH',
  'Europe/Copenhagen': 'DK',
  'Europe/Stockholm': 'SE',
  'Europe/Oslo': 'NO',
  'Europe/Helsinki': 'FI',
  'Europe/Warsaw': 'PL',
  'Europe/Prague': 'CZ',
  'Europe/Athens': 'GR',
  'Europe/Bucharest': 'RO',
  'Europe/Andorra': 'AD',
  'Africa/Casablanca': 'MA',
  'America/Mexico_City': 'MX',
  'America/Argentina/Buenos_Aires': 'AR',
  'America/Buenos_Aires': 'AR',
  'America/Santiago': 'CL',
  'America/Bogota': 'CO',
  'America/Lima': 'PE',
  'America/Montevideo': 'UY',
  'America/Sao_Paulo': 'BR',
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Los_Angeles': 'US',
};

/** True for a zone of the runtime's IANA list (exact spelling, as `Intl` reports it). */
export function isKnownTimeZone(zone: string): boolean {
  return timeZones().includes(zone);
}

/** The country a browser suggests: its zone's country first (where the shop is), else its locale's region. */
export function proposeCountry(locale: string | undefined, zone: string | undefined): Country | undefined {
  const byZone = zone ? ZONE_COUNTRY[zone] : undefined;
  if (byZone) return byZone;
  const region = locale ? /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/i.exec(locale)?.[1]?.toUpperCase() : undefined;
  const code = region === 'GB' ? 'UK' : region;
  return (COUNTRIES as readonly string[]).includes(code ?? '') ? (code as Country) : undefined;
}

/** The zone a browser suggests, when the server would accept it. */
export function proposeTimeZone(zone: string | undefined): string | undefined {
  return zone && isKnownTimeZone(zone) ? zone : undefined;
}

/** Sign-up's country and zone fields (required in the form; the API keeps the defaults without them). */
export const firstRunZoneFields = {
  country: v.optional(v.picklist(COUNTRIES, 'settings.invalidCountry')),
  timezone: v.optional(v.pipe(v.string('settings.invalidTimezone'), v.check(isKnownTimeZone, 'settings.invalidTimezone'))),
};
